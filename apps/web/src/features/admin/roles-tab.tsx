import type { TRole } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { currentUserQueryKey, usePermissions } from '../../lib/permissions';
import { adminKeys } from './api/keys';
import { createRole } from './api/create-role';
import { deleteRole } from './api/delete-role';
import { useRoles } from './api/get-roles';
import { updateRole } from './api/update-role';
import { errorMessage, PERMISSION_BADGES } from './format';
import { AdminCell, AdminRow, AdminTable, BadgeList, TabState } from './parts';
import { RoleDialog } from './role-dialog';

/** Roles & Permissions tab (spec document 3): Role Name, Description, Permissions, Users, Actions. */
export function RolesTab() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const roles = useRoles();
  const [editing, setEditing] = useState<TRole | 'new' | null>(null);
  const manage = can('users.write');
  // A role change may change what the signed-in user may do: refresh their permissions too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    ]);

  const remove = async (role: TRole) => {
    try {
      await deleteRole(role.id);
      toast.success(`Role "${role.name}" deleted`);
      await refresh();
    } catch (error) {
      toast.error('The role was not deleted', { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <section aria-label="Roles & Permissions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Roles decide what their holders may do; every user holds one.
        </p>
        {manage ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Add Role
          </Button>
        ) : null}
      </div>
      {roles.isLoading ? (
        <TabState state="loading" />
      ) : roles.isError ? (
        <TabState
          state="error"
          message={errorMessage(roles.error, 'Failed to load roles')}
          onRetry={() => void roles.refetch()}
        />
      ) : (roles.data ?? []).length === 0 ? (
        <TabState state="empty" empty="No roles yet." />
      ) : (
        <AdminTable
          label="Roles"
          columns={['Role Name', 'Description', 'Permissions', 'Users', ...(manage ? ['Actions'] : [])]}
        >
          {(roles.data ?? []).map((role) => (
            <AdminRow key={role.id}>
              <AdminCell label="Role Name">
                <span className="font-medium">{role.name}</span>
              </AdminCell>
              <AdminCell label="Description">
                <span className="text-muted-foreground">{role.description || '—'}</span>
              </AdminCell>
              <AdminCell label="Permissions">
                <BadgeList items={role.permissions} limit={PERMISSION_BADGES} empty="No permissions" />
              </AdminCell>
              <AdminCell label="Users">
                <span className="tabular-nums">{role.userCount}</span>
              </AdminCell>
              {manage ? (
                <AdminCell label="Actions" actions>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${role.name}`}
                    title="Edit"
                    onClick={() => setEditing(role)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${role.name}`}
                    title={
                      role.key === 'admin'
                        ? 'The Admin role cannot be deleted'
                        : role.userCount > 0
                          ? 'Give its users another role first'
                          : 'Delete'
                    }
                    disabled={role.key === 'admin'}
                    onClick={() => void remove(role)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </AdminCell>
              ) : null}
            </AdminRow>
          ))}
        </AdminTable>
      )}
      {editing ? (
        <RoleDialog
          role={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSubmit={async (input) => {
            if (editing === 'new') await createRole(input);
            else await updateRole(editing.id, input);
            toast.success(
              editing === 'new' ? `Role "${input.name}" created` : `Role "${input.name}" updated`,
            );
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
    </section>
  );
}
