import {
  ZCreateOrganization,
  ZUpdateOrganization,
  type TCreateOrganization,
  type TOrganization,
  type TUpdateOrganization,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field, invalidProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorAt, useSchemaValid } from '../../lib/form';
import { errorMessage, parseDomains } from './format';
import { selectClassName } from './user-dialog';
import { FormFooter } from '../../components/ui/form-footer';

/** IANA time zones the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

/** Edit Organization sends ZUpdateOrganization; the domains are typed as one text, "a.com, b.com". */
const ZEditForm = ZUpdateOrganization.extend({
  domains: z.string().transform(parseDomains).pipe(ZUpdateOrganization.shape.domains.unwrap()),
});
/** Add Organization sends ZCreateOrganization: the same with its first administrator. */
const ZCreateForm = ZEditForm.extend({ admin: ZCreateOrganization.shape.admin });
type OrganizationFormValues = z.input<typeof ZCreateForm>;

/** Add (with the first administrator to invite) or edit an organization. */
export function OrganizationDialog({
  organization,
  onClose,
  onSubmit,
}: {
  organization?: TOrganization;
  onClose: () => void;
  /** With `admin` when adding an organization. */
  onSubmit: (input: TCreateOrganization | TUpdateOrganization) => Promise<void>;
}) {
  const ids = useId();
  const zones = useMemo(timeZones, []);
  const creating = !organization;
  const schema = creating ? ZCreateForm : ZEditForm;
  // Both modes hold the same fields; editing leaves the administrator's blank and unsent (the
  // edit schema drops them), hence one type for the two resolvers.
  const resolver = (creating ? zodResolver(ZCreateForm) : zodResolver(ZEditForm)) as Resolver<
    OrganizationFormValues,
    unknown,
    TCreateOrganization | TUpdateOrganization
  >;
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver,
    defaultValues: {
      name: organization?.name ?? '',
      description: organization?.description ?? '',
      domains: organization?.domains.join(', ') ?? '',
      timeZone: organization?.timeZone ?? 'UTC',
      admin: { username: '', email: '', firstName: '', lastName: '' },
    },
    mode: 'onTouched',
  });
  const valid = useSchemaValid(schema, control);
  const { isSubmitting } = formState;
  const errors: FieldErrors = formState.errors;
  const timeZone = organization?.timeZone ?? 'UTC';
  const field = (name: string, id: string) => ({
    error: errorAt(errors, name),
    props: invalidProps(id, errorAt(errors, name)),
  });

  const submit = handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (e) {
      setError('root.server', {
        message: errorMessage(
          e,
          creating ? 'Failed to create the organization.' : 'Failed to update the organization.',
        ),
      });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>{creating ? 'Add Organization' : 'Edit Organization'}</DialogTitle>
        <DialogDescription>
          {creating
            ? 'It starts with the roles Admin, Manager and User; its first administrator gets an invitation by e-mail.'
            : 'Business-hours-only data access is counted in the time zone.'}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id={`${ids}-name`} label="Organization Name" error={field('name', '').error}>
            <Input
              id={`${ids}-name`}
              {...register('name')}
              {...field('name', `${ids}-name`).props}
              required
            />
          </Field>
          <Field id={`${ids}-description`} label="Description" error={field('description', '').error}>
            <Input
              id={`${ids}-description`}
              {...register('description')}
              {...field('description', `${ids}-description`).props}
            />
          </Field>
          <Field
            id={`${ids}-domains`}
            label="Domains"
            aside={<span className="text-xs text-muted-foreground">comma separated</span>}
            error={field('domains', '').error}
          >
            <Input
              id={`${ids}-domains`}
              {...register('domains')}
              {...field('domains', `${ids}-domains`).props}
              placeholder="example.com, example.org"
            />
          </Field>
          <Field id={`${ids}-tz`} label="Time Zone" error={field('timeZone', '').error}>
            <select id={`${ids}-tz`} className={selectClassName} {...register('timeZone')}>
              {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </Field>
          {creating ? (
            <fieldset className="grid gap-3 rounded-lg border border-border p-3">
              <legend className="px-1 text-sm font-medium">First administrator</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id={`${ids}-admin-user`} label="Username" error={field('admin.username', '').error}>
                  <Input
                    id={`${ids}-admin-user`}
                    {...register('admin.username')}
                    {...field('admin.username', `${ids}-admin-user`).props}
                    autoComplete="off"
                  />
                </Field>
                <Field id={`${ids}-admin-email`} label="E-mail" error={field('admin.email', '').error}>
                  <Input
                    id={`${ids}-admin-email`}
                    type="email"
                    {...register('admin.email')}
                    {...field('admin.email', `${ids}-admin-email`).props}
                  />
                </Field>
                <Field
                  id={`${ids}-admin-first`}
                  label="First name"
                  error={field('admin.firstName', '').error}
                >
                  <Input
                    id={`${ids}-admin-first`}
                    {...register('admin.firstName')}
                    {...field('admin.firstName', `${ids}-admin-first`).props}
                  />
                </Field>
                <Field id={`${ids}-admin-last`} label="Last name" error={field('admin.lastName', '').error}>
                  <Input
                    id={`${ids}-admin-last`}
                    {...register('admin.lastName')}
                    {...field('admin.lastName', `${ids}-admin-last`).props}
                  />
                </Field>
              </div>
            </fieldset>
          ) : null}
          <FormFooter
            error={errors.root?.server?.message}
            submitLabel={creating ? 'Create Organization' : 'Save Changes'}
            disabled={!valid || isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
