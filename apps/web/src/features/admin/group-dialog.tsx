import {
  RESTRICTION_HINTS,
  RESTRICTIONS,
  restrictionLabel,
  type TAdminUser,
  type TDataAccessGroup,
  type TDataAccessGroupInput,
  type TDataSourceOption,
  type TRestriction,
} from '@catalyst/contracts';
import { Database, FileSpreadsheet, Globe } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { errorMessage, fromLocalInput, toLocalInput } from './format';
import { FormFooter } from '../../components/ui/form-footer';

const SOURCE_ICONS = { database: Database, api: Globe, file: FileSpreadsheet } as const;

/** "Create Data Access Group" (spec) and its edit twin: sources, restrictions, members and their approval. */
export function GroupDialog({
  group,
  sources,
  users,
  onClose,
  onSubmit,
}: {
  group?: TDataAccessGroup;
  sources: TDataSourceOption[];
  users: TAdminUser[];
  onClose: () => void;
  onSubmit: (input: TDataAccessGroupInput) => Promise<void>;
}) {
  const ids = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [dataSources, setDataSources] = useState<number[]>(group?.dataSources ?? []);
  const [restrictions, setRestrictions] = useState<TRestriction[]>(group?.restrictions ?? []);
  const [expiresAt, setExpiresAt] = useState(toLocalInput(group?.expiresAt ?? null));
  const [members, setMembers] = useState<Map<number, boolean>>(
    () => new Map((group?.members ?? []).map((m) => [m.userId, m.approved])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timeLimited = restrictions.includes('time-limited');
  const needsApproval = restrictions.includes('approval-required');
  const valid = name.trim() !== '' && (!timeLimited || fromLocalInput(expiresAt) !== null);

  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((x) => x !== item);
  const setMember = (userId: number, on: boolean) =>
    setMembers((m) => {
      const next = new Map(m);
      if (on) next.set(userId, next.get(userId) ?? false);
      else next.delete(userId);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        name: name.trim(),
        description: description.trim(),
        dataSources,
        restrictions: RESTRICTIONS.filter((r) => restrictions.includes(r)),
        members: [...members].map(([userId, approved]) => ({ userId, approved })),
        expiresAt: timeLimited ? fromLocalInput(expiresAt) : null,
      });
    } catch (e) {
      setError(errorMessage(e, group ? 'Failed to update the group.' : 'Failed to create the group.'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogTitle>{group ? 'Edit Data Access Group' : 'Create Data Access Group'}</DialogTitle>
        <DialogDescription>
          A data source in a group can be used only by the group's members, under its restrictions.
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id={`${ids}-name`} label="Group Name">
            <Input
              id={`${ids}-name`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Sales Team Access"
              required
            />
          </Field>
          <Field id={`${ids}-description`} label="Description">
            <Input
              id={`${ids}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Data Sources</legend>
            {sources.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No data sources yet: add one under Data Sources first.
              </p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {sources.map((s) => {
                const Icon = SOURCE_ICONS[s.type];
                return (
                  <label
                    key={s.id}
                    htmlFor={`${ids}-src-${s.id}`}
                    className="flex cursor-pointer items-center gap-2.5 rounded-md border border-border px-3 py-2 text-sm"
                  >
                    <Checkbox
                      id={`${ids}-src-${s.id}`}
                      checked={dataSources.includes(s.id)}
                      onCheckedChange={(v) => setDataSources((l) => toggle(l, s.id, v === true))}
                    />
                    <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="truncate">{s.name}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Restrictions</legend>
            {RESTRICTIONS.map((r) => (
              <label
                key={r}
                htmlFor={`${ids}-r-${r}`}
                className="flex cursor-pointer items-start gap-2.5 text-sm"
              >
                <Checkbox
                  id={`${ids}-r-${r}`}
                  className="mt-0.5"
                  checked={restrictions.includes(r)}
                  onCheckedChange={(v) => setRestrictions((l) => toggle(l, r, v === true))}
                />
                <span>
                  <span className="font-medium">{restrictionLabel(r)}</span>
                  <span className="block text-xs text-muted-foreground">{RESTRICTION_HINTS[r]}</span>
                </span>
              </label>
            ))}
            {timeLimited ? (
              <div className="ml-7">
                <Field id={`${ids}-expires`} label="Access ends">
                  <Input
                    id={`${ids}-expires`}
                    type="datetime-local"
                    value={expiresAt}
                    onChange={(e) => setExpiresAt(e.target.value)}
                    aria-invalid={fromLocalInput(expiresAt) === null}
                  />
                </Field>
              </div>
            ) : null}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              Members <span className="font-normal text-muted-foreground">({members.size})</span>
            </legend>
            <div className="max-h-56 divide-y divide-border overflow-y-auto rounded-md border border-border">
              {users.map((u) => {
                const checked = members.has(u.id);
                return (
                  <div key={u.id} className="flex items-center gap-2.5 px-3 py-2 text-sm">
                    <Checkbox
                      id={`${ids}-u-${u.id}`}
                      checked={checked}
                      onCheckedChange={(v) => setMember(u.id, v === true)}
                    />
                    <label htmlFor={`${ids}-u-${u.id}`} className="min-w-0 flex-1 cursor-pointer truncate">
                      {u.name} <span className="text-xs text-muted-foreground">@{u.username}</span>
                    </label>
                    {checked && needsApproval ? (
                      <label className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
                        {members.get(u.id) ? 'Approved' : 'Pending'}
                        <Switch
                          aria-label={`Approve ${u.name}`}
                          checked={members.get(u.id) === true}
                          onCheckedChange={(on) => setMembers((m) => new Map(m).set(u.id, on))}
                        />
                      </label>
                    ) : null}
                  </div>
                );
              })}
            </div>
            {needsApproval ? (
              <p className="text-xs text-muted-foreground">Members get access once approved here.</p>
            ) : null}
          </fieldset>

          <FormFooter
            error={error}
            submitLabel={group ? 'Save Changes' : 'Create Group'}
            disabled={!valid || busy}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
