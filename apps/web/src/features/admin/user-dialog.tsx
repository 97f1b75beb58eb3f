import type { TAdminUser, TRole } from '@catalyst/contracts';
import { useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from './format';
import { FormFooter } from '../../components/ui/form-footer';

export const selectClassName =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

export interface UserFormValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
}

/** "Invite User" (username, e-mail, first and last name, role) or "Edit User" (all but the username). */
export function UserDialog({
  user,
  roles,
  onClose,
  onSubmit,
}: {
  user?: TAdminUser;
  roles: TRole[];
  onClose: () => void;
  onSubmit: (values: UserFormValues) => Promise<void>;
}) {
  const fallbackRole = roles.find((r) => r.key === 'user') ?? roles[0];
  const [values, setValues] = useState<UserFormValues>({
    username: user?.username ?? '',
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    roleId: user?.roleId ?? fallbackRole?.id ?? 0,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<UserFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const valid =
    values.username.trim() !== '' && /^[^\s@]+@[^\s@]+$/.test(values.email.trim()) && values.roleId > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        ...values,
        username: values.username.trim(),
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      });
    } catch (e) {
      setError(errorMessage(e, user ? 'Failed to update the user.' : 'Failed to invite the user.'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{user ? 'Edit User' : 'Invite User'}</DialogTitle>
        <DialogDescription>
          {user
            ? `Change ${user.name}'s details and role.`
            : 'They get an e-mail with a link to choose a password (valid for 7 days).'}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id="user-username" label="Username">
            <Input
              id="user-username"
              value={values.username}
              onChange={(e) => set({ username: e.target.value })}
              disabled={Boolean(user)}
              autoComplete="off"
              placeholder="jane.doe"
              required
            />
          </Field>
          <Field id="user-email" label="E-mail">
            <Input
              id="user-email"
              type="email"
              value={values.email}
              onChange={(e) => set({ email: e.target.value })}
              placeholder="jane@example.com"
              required
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="user-first" label="First name">
              <Input
                id="user-first"
                value={values.firstName}
                onChange={(e) => set({ firstName: e.target.value })}
              />
            </Field>
            <Field id="user-last" label="Last name">
              <Input
                id="user-last"
                value={values.lastName}
                onChange={(e) => set({ lastName: e.target.value })}
              />
            </Field>
          </div>
          <Field id="user-role" label="Role">
            <select
              id="user-role"
              className={selectClassName}
              value={values.roleId}
              onChange={(e) => set({ roleId: Number(e.target.value) })}
            >
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </Field>
          <FormFooter
            error={error}
            submitLabel={user ? 'Save Changes' : 'Send Invitation'}
            disabled={!valid || busy}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
