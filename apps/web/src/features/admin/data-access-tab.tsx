import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { restrictionLabel, type TDataAccessGroup } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ScrollText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { usePermissions } from '../../lib/permissions';
import { createGroup } from './api/create-group';
import { deleteGroup } from './api/delete-group';
import { useGroups } from './api/get-groups';
import { useSourceOptions } from './api/get-source-options';
import { updateGroup } from './api/update-group';
import { adminKeys } from './api/keys';
import { useAdminUsers } from './api/get-admin-users';
import { AuditLogDialog } from './audit-log-dialog';
import { formatDateTime } from '../../lib/format';
import { errorMessage, SOURCE_BADGES } from './format';
import { GroupDialog } from './group-dialog';
import { AdminCell, AdminRow, AdminTable, Badge, BadgeList, TabState } from './parts';

/** Data Access tab (spec document 3): Group Name, Description, Data Sources, Users, Restrictions, Actions. */
export function DataAccessTab() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const manage = can('users.write');
  const groups = useGroups();
  const sources = useSourceOptions(manage);
  const users = useAdminUsers(manage);
  const [editing, setEditing] = useState<TDataAccessGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TDataAccessGroup | null>(null);
  const [auditing, setAuditing] = useState<TDataAccessGroup | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const ready = Boolean(sources.data && users.data);

  const remove = async (group: TDataAccessGroup) => {
    setDeleting(null);
    try {
      await deleteGroup(group.id);
      toast.success(`"${group.name}" deleted`, {
        description:
          'Its sources are open to everyone with Data read again, unless another group holds them.',
      });
      await refresh();
    } catch (error) {
      toast.error('The group was not deleted', { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <section aria-label="Data Access">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          A data source in no group is open to everyone with Data read.
        </p>
        {manage ? (
          <Button onClick={() => setEditing('new')} disabled={!ready}>
            <Plus aria-hidden /> Add Data Group
          </Button>
        ) : null}
      </div>
      {groups.isLoading ? (
        <TabState state="loading" />
      ) : groups.isError ? (
        <TabState
          state="error"
          message={errorMessage(groups.error, 'Failed to load data access groups')}
          onRetry={() => void groups.refetch()}
        />
      ) : (groups.data ?? []).length === 0 ? (
        <TabState
          state="empty"
          empty="No data access groups yet: every data source is open to everyone with Data read."
        />
      ) : (
        <AdminTable
          label="Data access groups"
          columns={['Group Name', 'Description', 'Data Sources', 'Users', 'Restrictions', 'Actions']}
        >
          {(groups.data ?? []).map((g) => {
            const pending = g.restrictions.includes('approval-required')
              ? g.members.filter((m) => !m.approved).length
              : 0;
            return (
              <AdminRow key={g.id}>
                <AdminCell label="Group Name">
                  <span className="font-medium">{g.name}</span>
                </AdminCell>
                <AdminCell label="Description">
                  <span className="text-muted-foreground">{g.description || '—'}</span>
                </AdminCell>
                <AdminCell label="Data Sources">
                  <BadgeList
                    items={g.sources.map((s) => s.name)}
                    limit={SOURCE_BADGES}
                    empty="None"
                    tone="primary"
                  />
                </AdminCell>
                <AdminCell label="Users">
                  <span className="tabular-nums">{g.userCount}</span>
                  {pending > 0 ? (
                    <span className="ml-1.5 text-xs text-amber-700 dark:text-amber-300">
                      ({pending} pending)
                    </span>
                  ) : null}
                </AdminCell>
                <AdminCell label="Restrictions">
                  <div className="flex flex-wrap gap-1">
                    {g.restrictions.length === 0 ? (
                      <span className="text-sm text-muted-foreground">None</span>
                    ) : null}
                    {g.restrictions.map((r) => (
                      <Badge key={r} tone={g.expired && r === 'time-limited' ? 'danger' : 'warning'}>
                        {restrictionLabel(r)}
                      </Badge>
                    ))}
                  </div>
                  {g.expiresAt ? (
                    <p className="mt-1 text-xs text-muted-foreground">
                      {g.expired ? 'Expired' : 'Ends'} {formatDateTime(g.expiresAt)}
                    </p>
                  ) : null}
                </AdminCell>
                <AdminCell label="Actions" actions>
                  {g.restrictions.includes('audit-logged') ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Audit log of ${g.name}`}
                      title="Audit log"
                      onClick={() => setAuditing(g)}
                    >
                      <ScrollText aria-hidden />
                    </Button>
                  ) : null}
                  {manage ? (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${g.name}`}
                        title="Edit"
                        onClick={() => setEditing(g)}
                        disabled={!ready}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${g.name}`}
                        title="Delete"
                        onClick={() => setDeleting(g)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </>
                  ) : null}
                </AdminCell>
              </AdminRow>
            );
          })}
        </AdminTable>
      )}

      {editing && sources.data && users.data ? (
        <GroupDialog
          group={editing === 'new' ? undefined : editing}
          sources={sources.data}
          users={users.data.filter(
            (u) =>
              u.status === 'active' || (editing !== 'new' && editing.members.some((m) => m.userId === u.id)),
          )}
          onClose={() => setEditing(null)}
          onSubmit={async (input) => {
            if (editing === 'new') await createGroup(input);
            else await updateGroup(editing.id, input);
            toast.success(editing === 'new' ? `"${input.name}" created` : `"${input.name}" updated`);
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
      {auditing ? <AuditLogDialog group={auditing} onClose={() => setAuditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Data Access Group"
        description={`Are you sure you want to delete "${deleting?.name ?? ''}"? Its members lose the access it grants. This action cannot be undone.`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
