import { useWatch, type Control, type FieldErrors, type FieldValues } from 'react-hook-form';
import { z } from 'zod';

/*
 * The web's forms validate with the request schemas of @catalyst/contracts, through
 * react-hook-form's zodResolver: the browser refuses what the server would refuse, in the same
 * words. Where a form's fields differ from the request body, its schema is derived from the
 * contract's (.pick, .extend, a field piped into the contract's own field). These are the few
 * pieces the forms share on top of that.
 */

/**
 * A contract field whose blank value fails with the form's own message (the spec's words, such
 * as "Please enter your username"); anything typed goes on to the contract field's rules and
 * messages. `trim: false` for passwords, where spaces count.
 */
export function filledAs<T extends z.ZodType>(
  field: T,
  message: string,
  { trim = true }: { trim?: boolean } = {},
) {
  return (
    z
      .string()
      .refine((value) => (trim ? value.trim() : value) !== '', message)
      // The contract field may take more than text (a coerced id): it is given text here.
      .pipe(field as unknown as z.ZodType<z.output<T>, string>)
  );
}

/**
 * A field typed as text that the request carries as something else (a number, a date): `read`
 * turns the text into the value the contract's field then checks, with the contract's messages.
 */
export function readAs<T extends z.ZodType>(read: (text: string) => unknown, field: T) {
  return z.preprocess((value) => (typeof value === 'string' ? read(value) : value), field);
}

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(node)) {
    // ref is the field's element; types repeats the messages.
    if (key === 'ref' || key === 'types' || key === 'type' || key === 'message') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** The message of the first failed rule at `path` or under it (a list's items, an object's fields). */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return firstMessage(node);
}

/** The messages of the fields that failed, in the form's order, one per field, without repeats. */
export function errorMessages<T extends FieldValues>(
  errors: FieldErrors<T>,
  paths: readonly string[],
): string[] {
  const messages = paths.map((path) => errorAt(errors, path)).filter((m): m is string => Boolean(m));
  return [...new Set(messages)];
}

/**
 * Whether the form's current values pass `schema`, checked at every change (synchronously, unlike
 * the resolver): for submit buttons that stay off until the form is complete.
 */
export function useSchemaValid<T extends FieldValues, U>(
  schema: z.ZodType,
  control: Control<T, unknown, U>,
): boolean {
  const values = useWatch({ control });
  return schema.safeParse(values).success;
}
