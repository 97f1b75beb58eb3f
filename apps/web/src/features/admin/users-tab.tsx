import type { TAdminUser } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, Pencil, Plus, Search, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { currentUserQueryKey, useCurrentUserQuery, usePermissions } from '../../lib/permissions';
import { adminKeys } from './api/keys';
import { useRoles } from './api/get-roles';
import { useAdminUsers } from './api/get-admin-users';
import { inviteUser } from './api/invite-user';
import { resendInvitation } from './api/resend-invitation';
import { setUserActive } from './api/set-user-active';
import { updateUser } from './api/update-user';
import { errorMessage, formatLastLogin } from './format';
import { AdminCell, AdminRow, AdminTable, Badge, StatusBadge, TabState } from './parts';
import { UserDialog } from './user-dialog';

/** Users tab: the organization's users with role, organizations, status and last login. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const me = useCurrentUserQuery();
  const users = useAdminUsers();
  const roles = useRoles();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TAdminUser | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<TAdminUser | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  // The server refuses to change someone who holds a permission the caller lacks; do not offer it.
  const manageable = (u: TAdminUser) =>
    (roles.data?.find((r) => r.id === u.roleId)?.permissions ?? []).every((p) => can(p));

  const needle = search.trim().toLowerCase();
  const rows = (users.data ?? []).filter(
    (u) => !needle || `${u.name} ${u.username} ${u.email} ${u.roleName}`.toLowerCase().includes(needle),
  );

  const act = async (action: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await action();
      toast.success(success);
      await refresh();
    } catch (error) {
      toast.error(failure, { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <section aria-label="Users">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="relative sm:w-80">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            aria-label="Search users"
            placeholder="Search users..."
            className="h-10 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        {can('users.write') ? (
          <Button onClick={() => setEditing('new')} disabled={!roles.data}>
            <Plus aria-hidden /> Invite User
          </Button>
        ) : null}
      </div>
      {users.isLoading ? (
        <TabState state="loading" />
      ) : users.isError ? (
        <TabState
          state="error"
          message={errorMessage(users.error, 'Failed to load users')}
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <TabState state="empty" empty={needle ? 'No users match your search.' : 'No users yet.'} />
      ) : (
        <AdminTable
          label="Users"
          columns={['Name', 'E-mail', 'Role', 'Organizations', 'Status', 'Last Login', 'Actions']}
        >
          {rows.map((u) => {
            const self = u.id === me.data?.id;
            const mayManage = manageable(u);
            return (
              <AdminRow key={u.id} muted={u.status === 'inactive'}>
                <AdminCell label="Name">
                  <p className="truncate font-medium">
                    {u.name}
                    {self ? (
                      <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>
                    ) : null}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">@{u.username}</p>
                </AdminCell>
                <AdminCell label="E-mail">
                  <span className="break-all">{u.email}</span>
                </AdminCell>
                <AdminCell label="Role">
                  <Badge tone="primary">{u.roleName}</Badge>
                </AdminCell>
                <AdminCell label="Organizations">{u.organizations.join(', ')}</AdminCell>
                <AdminCell label="Status">
                  <StatusBadge status={u.status} />
                </AdminCell>
                <AdminCell label="Last Login">
                  <span className="whitespace-nowrap" title={u.lastLogin ?? 'Has not signed in yet'}>
                    {formatLastLogin(u.lastLogin)}
                  </span>
                </AdminCell>
                <AdminCell label="Actions" actions>
                  {mayManage && can('users.write') && !u.lastLogin && u.status === 'active' ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Resend invitation to ${u.name}`}
                      title="Resend invitation"
                      onClick={() =>
                        void act(
                          () => resendInvitation(u.id),
                          `Invitation sent to ${u.email}`,
                          'Failed to send the invitation',
                        )
                      }
                    >
                      <Mail aria-hidden />
                    </Button>
                  ) : null}
                  {mayManage && can('users.write') ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${u.name}`}
                      title="Edit"
                      onClick={() => setEditing(u)}
                      disabled={!roles.data}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  ) : null}
                  {mayManage && can('users.delete') && u.status === 'active' ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Deactivate ${u.name}`}
                      title={self ? 'You cannot deactivate yourself' : 'Deactivate'}
                      disabled={self}
                      onClick={() => setDeactivating(u)}
                    >
                      <UserX aria-hidden />
                    </Button>
                  ) : null}
                  {mayManage && can('users.delete') && u.status === 'inactive' ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Reactivate ${u.name}`}
                      title="Reactivate"
                      onClick={() =>
                        void act(
                          () => setUserActive(u.id, true),
                          `${u.name} can sign in again`,
                          'Failed to reactivate the user',
                        )
                      }
                    >
                      <UserCheck aria-hidden />
                    </Button>
                  ) : null}
                </AdminCell>
              </AdminRow>
            );
          })}
        </AdminTable>
      )}

      {editing && roles.data ? (
        <UserDialog
          user={editing === 'new' ? undefined : editing}
          roles={roles.data}
          onClose={() => setEditing(null)}
          onSubmit={async (values) => {
            if (editing === 'new') {
              await inviteUser(values);
              toast.success('Invitation sent', {
                description: `${values.email} gets a link to choose a password.`,
              });
            } else {
              await updateUser(editing.id, {
                email: values.email,
                firstName: values.firstName,
                lastName: values.lastName,
                roleId: values.roleId,
              });
              toast.success('User updated');
              // Editing oneself (a new role) changes what this screen may show.
              if (editing.id === me.data?.id)
                await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
            }
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}

      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate User"
        description={`Deactivate ${deactivating?.name}? They are signed out at once and cannot sign in until reactivated. Nothing of theirs is deleted.`}
        confirmLabel="Deactivate"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          const u = deactivating;
          setDeactivating(null);
          if (u)
            void act(
              () => setUserActive(u.id, false),
              `${u.name} was deactivated`,
              'Failed to deactivate the user',
            );
        }}
      />
    </section>
  );
}
