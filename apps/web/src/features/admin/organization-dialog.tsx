import type { TCreateOrganization, TOrganization } from '@catalyst/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, parseDomains } from './format';
import { selectClassName } from './user-dialog';
import { FormFooter } from '../../components/ui/form-footer';

/** IANA time zones the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((z) => z !== 'UTC')];
}

/** Add (with the first administrator to invite) or edit an organization. */
export function OrganizationDialog({
  organization,
  onClose,
  onSubmit,
}: {
  organization?: TOrganization;
  onClose: () => void;
  onSubmit: (input: TCreateOrganization) => Promise<void>;
}) {
  const ids = useId();
  const zones = useMemo(timeZones, []);
  const [name, setName] = useState(organization?.name ?? '');
  const [description, setDescription] = useState(organization?.description ?? '');
  const [domains, setDomains] = useState(organization?.domains.join(', ') ?? '');
  const [timeZone, setTimeZone] = useState(organization?.timeZone ?? 'UTC');
  const [admin, setAdmin] = useState({ username: '', email: '', firstName: '', lastName: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const creating = !organization;
  const valid =
    name.trim() !== '' &&
    (!creating || (admin.username.trim() !== '' && /^[^\s@]+@[^\s@]+$/.test(admin.email.trim())));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        name: name.trim(),
        description: description.trim(),
        domains: parseDomains(domains),
        timeZone,
        admin: {
          username: admin.username.trim(),
          email: admin.email.trim(),
          firstName: admin.firstName.trim(),
          lastName: admin.lastName.trim(),
        },
      });
    } catch (e) {
      setError(
        errorMessage(
          e,
          creating ? 'Failed to create the organization.' : 'Failed to update the organization.',
        ),
      );
      setBusy(false);
    }
  };

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
          <Field id={`${ids}-name`} label="Organization Name">
            <Input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} required />
          </Field>
          <Field id={`${ids}-description`} label="Description">
            <Input
              id={`${ids}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field
            id={`${ids}-domains`}
            label="Domains"
            aside={<span className="text-xs text-muted-foreground">comma separated</span>}
          >
            <Input
              id={`${ids}-domains`}
              value={domains}
              onChange={(e) => setDomains(e.target.value)}
              placeholder="example.com, example.org"
            />
          </Field>
          <Field id={`${ids}-tz`} label="Time Zone">
            <select
              id={`${ids}-tz`}
              className={selectClassName}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
            >
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
                <Field id={`${ids}-admin-user`} label="Username">
                  <Input
                    id={`${ids}-admin-user`}
                    value={admin.username}
                    onChange={(e) => setAdmin({ ...admin, username: e.target.value })}
                    autoComplete="off"
                  />
                </Field>
                <Field id={`${ids}-admin-email`} label="E-mail">
                  <Input
                    id={`${ids}-admin-email`}
                    type="email"
                    value={admin.email}
                    onChange={(e) => setAdmin({ ...admin, email: e.target.value })}
                  />
                </Field>
                <Field id={`${ids}-admin-first`} label="First name">
                  <Input
                    id={`${ids}-admin-first`}
                    value={admin.firstName}
                    onChange={(e) => setAdmin({ ...admin, firstName: e.target.value })}
                  />
                </Field>
                <Field id={`${ids}-admin-last`} label="Last name">
                  <Input
                    id={`${ids}-admin-last`}
                    value={admin.lastName}
                    onChange={(e) => setAdmin({ ...admin, lastName: e.target.value })}
                  />
                </Field>
              </div>
            </fieldset>
          ) : null}
          <FormFooter
            error={error}
            submitLabel={creating ? 'Create Organization' : 'Save Changes'}
            disabled={!valid || busy}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
