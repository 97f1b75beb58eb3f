import { ZInviteUser, ZUpdateUser, type TAdminUser, type TRole } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field, invalidProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useSchemaValid } from '../../lib/form';
import { errorMessage } from './format';
import { FormFooter } from '../../components/ui/form-footer';

export const selectClassName =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

/** Invite User sends ZInviteUser; the form always picks a role. */
const ZInviteForm = ZInviteUser.required({ roleId: true });
/** Edit User sends ZUpdateUser; the username is shown, not changed. */
const ZEditForm = ZUpdateUser.extend({ username: z.string() });
export type UserFormValues = z.output<typeof ZInviteForm>;

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
  const schema = user ? ZEditForm : ZInviteForm;
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      roleId: user?.roleId ?? fallbackRole?.id ?? 0,
    },
    mode: 'onTouched',
  });
  const valid = useSchemaValid(schema, control);
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (e) {
      setError('root.server', {
        message: errorMessage(e, user ? 'Failed to update the user.' : 'Failed to invite the user.'),
      });
    }
  });

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
          <Field id="user-username" label="Username" error={errors.username?.message}>
            <Input
              id="user-username"
              {...register('username')}
              {...invalidProps('user-username', errors.username?.message)}
              disabled={Boolean(user)}
              autoComplete="off"
              placeholder="jane.doe"
              required
            />
          </Field>
          <Field id="user-email" label="E-mail" error={errors.email?.message}>
            <Input
              id="user-email"
              type="email"
              {...register('email')}
              {...invalidProps('user-email', errors.email?.message)}
              placeholder="jane@example.com"
              required
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="user-first" label="First name" error={errors.firstName?.message}>
              <Input
                id="user-first"
                {...register('firstName')}
                {...invalidProps('user-first', errors.firstName?.message)}
              />
            </Field>
            <Field id="user-last" label="Last name" error={errors.lastName?.message}>
              <Input
                id="user-last"
                {...register('lastName')}
                {...invalidProps('user-last', errors.lastName?.message)}
              />
            </Field>
          </div>
          <Field id="user-role" label="Role" error={errors.roleId?.message}>
            <select id="user-role" className={selectClassName} {...register('roleId')}>
              {roles.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </Field>
          <FormFooter
            error={errors.root?.server?.message}
            submitLabel={user ? 'Save Changes' : 'Send Invitation'}
            disabled={!valid || isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
