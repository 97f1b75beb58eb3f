import { useState, type ComponentProps } from 'react';
import { Input } from '../../components/ui/input';
import { formatCardNumber, formatExpiry, validateCard, type CardValues } from './card-form';

/** The payment card form. Its values stay in the page: no payment provider is connected. */
export function CardFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: CardValues;
  onChange: (v: CardValues) => void;
}) {
  const [touched, setTouched] = useState<Partial<Record<keyof CardValues, boolean>>>({});
  const errors = validateCard(value, new Date());
  const field = (
    key: keyof CardValues,
    label: string,
    input: Omit<ComponentProps<'input'>, 'id' | 'value'>,
    format: (next: string) => string = (s) => s,
  ) => {
    const id = `${idPrefix}-${key}`;
    const error = touched[key] ? errors[key] : undefined;
    return (
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={id}
          value={value[key]}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange({ ...value, [key]: format(e.target.value) })}
          onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
          {...input}
        />
        {error ? (
          <p id={`${id}-error`} className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset>
      <legend className="text-base font-semibold">Payment card</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        Card details stay in this browser: nothing is sent or stored.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">{field('name', 'Name on card', { placeholder: 'Ada Lovelace' })}</div>
        <div className="sm:col-span-2">
          {field(
            'number',
            'Card number',
            { placeholder: '1234 5678 9012 3456', inputMode: 'numeric' },
            formatCardNumber,
          )}
        </div>
        {field('expiry', 'Expiry (MM/YY)', { placeholder: 'MM/YY', inputMode: 'numeric' }, (next) =>
          formatExpiry(next, value.expiry),
        )}
        {field('cvc', 'CVC', { placeholder: '123', inputMode: 'numeric', maxLength: 4 }, (next) =>
          next.replace(/\D/g, '').slice(0, 4),
        )}
      </div>
    </fieldset>
  );
}
