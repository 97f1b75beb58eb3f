import {
  RESTRICTION_HINTS,
  RESTRICTIONS,
  restrictionLabel,
  type TAdminUser,
  type TDataAccessGroup,
  type TDataAccessGroupInput,
  type TDataSourceOption,
  ZDataAccessGroupInput,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Database, FileSpreadsheet, Globe } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field, invalidProps } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { useSchemaValid } from '../../lib/form';
import { errorMessage, fromLocalInput, toLocalInput } from './format';
import { FormFooter } from '../../components/ui/form-footer';

const SOURCE_ICONS = { database: Database, api: Globe, file: FileSpreadsheet } as const;

/**
 * The group form sends ZDataAccessGroupInput; its expiry is typed in a datetime-local field (the
 * browser's time zone) and kept only for a time-limited group, which needs one.
 */
const ZGroupForm = ZDataAccessGroupInput.extend({ expiresAt: z.string() })
  .superRefine((group, ctx) => {
    if (group.restrictions.includes('time-limited') && fromLocalInput(group.expiresAt) === null)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: 'A time-limited group needs the date and time its access ends',
      });
  })
  .transform(({ expiresAt, ...group }) => ({
    ...group,
    // The catalogue's order, whatever the order of the clicks.
    restrictions: RESTRICTIONS.filter((r) => group.restrictions.includes(r)),
    expiresAt: group.restrictions.includes('time-limited') ? fromLocalInput(expiresAt) : null,
  }));

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
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZGroupForm),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      dataSources: group?.dataSources ?? [],
      restrictions: group?.restrictions ?? [],
      expiresAt: toLocalInput(group?.expiresAt ?? null),
      members: (group?.members ?? []).map((m) => ({ userId: m.userId, approved: m.approved })),
    },
    mode: 'onTouched',
  });
  const valid = useSchemaValid(ZGroupForm, control);
  const { errors, isSubmitting } = formState;
  const restrictions = useWatch({ control, name: 'restrictions' }) ?? [];
  const members = useWatch({ control, name: 'members' }) ?? [];
  const timeLimited = restrictions.includes('time-limited');
  const needsApproval = restrictions.includes('approval-required');
  const member = (userId: number) => members.find((m) => m.userId === userId);

  const toggle = <T,>(list: T[] | undefined, item: T, on: boolean) =>
    on ? [...(list ?? []), item] : (list ?? []).filter((x) => x !== item);

  const submit = handleSubmit(async (input: TDataAccessGroupInput) => {
    try {
      await onSubmit(input);
    } catch (e) {
      setError('root.server', {
        message: errorMessage(e, group ? 'Failed to update the group.' : 'Failed to create the group.'),
      });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogTitle>{group ? 'Edit Data Access Group' : 'Create Data Access Group'}</DialogTitle>
        <DialogDescription>
          A data source in a group can be used only by the group's members, under its restrictions.
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <Field id={`${ids}-name`} label="Group Name" error={errors.name?.message}>
            <Input
              id={`${ids}-name`}
              {...register('name')}
              {...invalidProps(`${ids}-name`, errors.name?.message)}
              placeholder="e.g. Sales Team Access"
              required
            />
          </Field>
          <Field id={`${ids}-description`} label="Description" error={errors.description?.message}>
            <Input
              id={`${ids}-description`}
              {...register('description')}
              {...invalidProps(`${ids}-description`, errors.description?.message)}
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
                    <Controller
                      control={control}
                      name="dataSources"
                      render={({ field }) => (
                        <Checkbox
                          id={`${ids}-src-${s.id}`}
                          checked={(field.value ?? []).includes(s.id)}
                          onCheckedChange={(v) => field.onChange(toggle(field.value, s.id, v === true))}
                        />
                      )}
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
                <Controller
                  control={control}
                  name="restrictions"
                  render={({ field }) => (
                    <Checkbox
                      id={`${ids}-r-${r}`}
                      className="mt-0.5"
                      checked={(field.value ?? []).includes(r)}
                      onCheckedChange={(v) => field.onChange(toggle(field.value, r, v === true))}
                    />
                  )}
                />
                <span>
                  <span className="font-medium">{restrictionLabel(r)}</span>
                  <span className="block text-xs text-muted-foreground">{RESTRICTION_HINTS[r]}</span>
                </span>
              </label>
            ))}
            {timeLimited ? (
              <div className="ml-7">
                <Field id={`${ids}-expires`} label="Access ends" error={errors.expiresAt?.message}>
                  <Input
                    id={`${ids}-expires`}
                    type="datetime-local"
                    {...register('expiresAt')}
                    {...invalidProps(`${ids}-expires`, errors.expiresAt?.message)}
                  />
                </Field>
              </div>
            ) : null}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">
              Members <span className="font-normal text-muted-foreground">({members.length})</span>
            </legend>
            <div className="max-h-56 divide-y divide-border overflow-y-auto rounded-md border border-border">
              {users.map((u) => {
                const checked = member(u.id) !== undefined;
                return (
                  <div key={u.id} className="flex items-center gap-2.5 px-3 py-2 text-sm">
                    <Controller
                      control={control}
                      name="members"
                      render={({ field }) => (
                        <Checkbox
                          id={`${ids}-u-${u.id}`}
                          checked={checked}
                          onCheckedChange={(v) =>
                            field.onChange(
                              v === true
                                ? [...(field.value ?? []), { userId: u.id, approved: false }]
                                : (field.value ?? []).filter((m) => m.userId !== u.id),
                            )
                          }
                        />
                      )}
                    />
                    <label htmlFor={`${ids}-u-${u.id}`} className="min-w-0 flex-1 cursor-pointer truncate">
                      {u.name} <span className="text-xs text-muted-foreground">@{u.username}</span>
                    </label>
                    {checked && needsApproval ? (
                      <label className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
                        {member(u.id)?.approved ? 'Approved' : 'Pending'}
                        <Controller
                          control={control}
                          name="members"
                          render={({ field }) => (
                            <Switch
                              aria-label={`Approve ${u.name}`}
                              checked={member(u.id)?.approved === true}
                              onCheckedChange={(on) =>
                                field.onChange(
                                  (field.value ?? []).map((m) =>
                                    m.userId === u.id ? { ...m, approved: on } : m,
                                  ),
                                )
                              }
                            />
                          )}
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
            error={errors.root?.server?.message}
            submitLabel={group ? 'Save Changes' : 'Create Group'}
            disabled={!valid || isSubmitting}
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
