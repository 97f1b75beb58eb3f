import {
  PERMISSION_CATEGORIES,
  PERMISSIONS,
  ZRoleInput,
  type TPermission,
  type TRole,
  type TRoleInput,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field, invalidProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useSchemaValid } from '../../lib/form';
import { errorMessage } from './format';
import { FormFooter } from '../../components/ui/form-footer';

/** "Create New Role" (spec) and its edit twin: name, description, permission checkboxes by category. */
export function RoleDialog({
  role,
  onClose,
  onSubmit,
}: {
  role?: TRole;
  onClose: () => void;
  onSubmit: (input: TRoleInput) => Promise<void>;
}) {
  // The request body is ZRoleInput: the form checks what the server checks, in its words.
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZRoleInput),
    defaultValues: {
      name: role?.name ?? '',
      description: role?.description ?? '',
      permissions: role?.permissions ?? [],
    },
    mode: 'onTouched',
  });
  const valid = useSchemaValid(ZRoleInput, control);
  const { errors, isSubmitting } = formState;
  const ids = useId();
  // The Admin role keeps users.write, or nobody could manage users and roles any more.
  const locked = (p: TPermission) => role?.key === 'admin' && p === 'users.write';
  const toggle = (list: TPermission[], p: TPermission, on: boolean) =>
    on ? [...list, p] : list.filter((x) => x !== p);

  const submit = handleSubmit(async (input: TRoleInput) => {
    try {
      // Keep the catalogue's order, whatever the order of the clicks.
      await onSubmit({
        ...input,
        permissions: PERMISSIONS.map((p) => p.id).filter((p) => input.permissions.includes(p)),
      });
    } catch (e) {
      setError('root.server', {
        message: errorMessage(e, role ? 'Failed to update the role.' : 'Failed to create the role.'),
      });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>{role ? 'Edit Role' : 'Create New Role'}</DialogTitle>
        <DialogDescription>
          {role
            ? `Change what holders of "${role.name}" may do. It applies to them at once.`
            : 'Choose what holders of the role may do.'}
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id={`${ids}-name`} label="Role Name" error={errors.name?.message}>
            <Input
              id={`${ids}-name`}
              {...register('name')}
              {...invalidProps(`${ids}-name`, errors.name?.message)}
              placeholder="e.g. Analyst"
              required
            />
          </Field>
          <Field id={`${ids}-description`} label="Description" error={errors.description?.message}>
            <Input
              id={`${ids}-description`}
              {...register('description')}
              {...invalidProps(`${ids}-description`, errors.description?.message)}
              placeholder="What the role is for"
            />
          </Field>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Permissions</legend>
            {PERMISSION_CATEGORIES.map((category) => (
              <div key={category} className="rounded-lg border border-border p-3">
                <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {category}
                </p>
                <div className="mt-2 grid gap-2">
                  {PERMISSIONS.filter((p) => p.category === category).map((p) => (
                    <label
                      key={p.id}
                      className="flex cursor-pointer items-start gap-2.5 text-sm has-[button:disabled]:cursor-not-allowed"
                      htmlFor={`${ids}-${p.id}`}
                    >
                      <Controller
                        control={control}
                        name="permissions"
                        render={({ field }) => (
                          <Checkbox
                            id={`${ids}-${p.id}`}
                            className="mt-0.5"
                            checked={(field.value ?? []).includes(p.id)}
                            disabled={locked(p.id)}
                            onCheckedChange={(v) =>
                              field.onChange(toggle(field.value ?? [], p.id, v === true))
                            }
                          />
                        )}
                      />
                      <span className="min-w-0">
                        <span className="font-medium">{p.name}</span>{' '}
                        <code className="text-xs text-muted-foreground">{p.id}</code>
                        <span className="block text-xs text-muted-foreground">
                          {locked(p.id) ? 'The Admin role always keeps this permission.' : p.description}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
          <FormFooter
            error={errors.root?.server?.message ?? errors.permissions?.message}
            submitLabel={role ? 'Save Changes' : 'Create Role'}
            disabled={isSubmitting || !valid}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
