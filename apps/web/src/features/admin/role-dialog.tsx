import {
  PERMISSION_CATEGORIES,
  PERMISSIONS,
  type TPermission,
  type TRole,
  type TRoleInput,
} from '@catalyst/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
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
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [permissions, setPermissions] = useState<TPermission[]>(role?.permissions ?? []);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  // The Admin role keeps users.write, or nobody could manage users and roles any more.
  const locked = (p: TPermission) => role?.key === 'admin' && p === 'users.write';
  const toggle = (p: TPermission, on: boolean) =>
    setPermissions((list) => (on ? [...list, p] : list.filter((x) => x !== p)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // Keep the catalogue's order, whatever the order of the clicks.
      await onSubmit({
        name: name.trim(),
        description: description.trim(),
        permissions: PERMISSIONS.map((p) => p.id).filter((p) => permissions.includes(p)),
      });
    } catch (e) {
      setError(errorMessage(e, role ? 'Failed to update the role.' : 'Failed to create the role.'));
      setBusy(false);
    }
  };

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
          <Field id={`${ids}-name`} label="Role Name">
            <Input
              id={`${ids}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Analyst"
              required
            />
          </Field>
          <Field id={`${ids}-description`} label="Description">
            <Input
              id={`${ids}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
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
                      <Checkbox
                        id={`${ids}-${p.id}`}
                        className="mt-0.5"
                        checked={permissions.includes(p.id)}
                        disabled={locked(p.id)}
                        onCheckedChange={(v) => toggle(p.id, v === true)}
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
            error={error}
            submitLabel={role ? 'Save Changes' : 'Create Role'}
            disabled={busy || !name.trim()}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
