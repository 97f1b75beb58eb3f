import type { TOrganization } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Pencil, Plus, Power, PowerOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { usePermissions } from '../../lib/permissions';
import { adminKeys } from './api/keys';
import { createOrganization } from './api/create-organization';
import { useOrganizations } from './api/get-organizations';
import { setOrganizationActive } from './api/set-organization-active';
import { updateOrganization } from './api/update-organization';
import { formatDate } from '../../lib/format';
import { errorMessage } from './format';
import { OrganizationDialog } from './organization-dialog';
import { AdminCell, AdminRow, AdminTable, Badge, BadgeList, StatusBadge, TabState } from './parts';

/**
 * Organizations tab: the caller's own organization; administrators of the first organization
 * (the platform operator's) see, add, edit, deactivate and reactivate all of them.
 */
export function OrganizationsTab() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const orgs = useOrganizations();
  const [editing, setEditing] = useState<TOrganization | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<TOrganization | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const manageAll = orgs.data?.canManageAll ?? false;
  const canEdit = (o: TOrganization) => can('orgs.write') && (manageAll || o.id === orgs.data?.ownOrgId);

  const setActive = async (o: TOrganization, active: boolean) => {
    try {
      await setOrganizationActive(o.id, active);
      toast.success(active ? `${o.name} was reactivated` : `${o.name} was deactivated`);
      await refresh();
    } catch (error) {
      toast.error('The organization was not changed', { description: errorMessage(error, '') || undefined });
    }
  };

  return (
    <section aria-label="Organizations">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {manageAll ? 'Every organization on this Catalyst installation.' : 'Your organization.'}
        </p>
        {manageAll ? (
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Add Organization
          </Button>
        ) : null}
      </div>
      {orgs.isLoading ? (
        <TabState state="loading" />
      ) : orgs.isError ? (
        <TabState
          state="error"
          message={errorMessage(orgs.error, 'Failed to load organizations')}
          onRetry={() => void orgs.refetch()}
        />
      ) : (orgs.data?.organizations ?? []).length === 0 ? (
        <TabState state="empty" empty="No organizations." />
      ) : (
        <AdminTable
          label="Organizations"
          columns={['Name', 'Description', 'Users', 'Status', 'Domains', 'Created', 'Actions']}
        >
          {(orgs.data?.organizations ?? []).map((o) => (
            <AdminRow key={o.id} muted={o.status === 'inactive'}>
              <AdminCell label="Name">
                <p className="flex items-center gap-2 font-medium">
                  <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="truncate">{o.name}</span>
                  {o.isPlatform ? <Badge tone="primary">Platform</Badge> : null}
                </p>
                <p className="mt-0.5 text-xs text-muted-foreground">Time zone: {o.timeZone}</p>
              </AdminCell>
              <AdminCell label="Description">
                <span className="text-muted-foreground">{o.description || '—'}</span>
              </AdminCell>
              <AdminCell label="Users">
                <span className="tabular-nums">{o.userCount}</span>
              </AdminCell>
              <AdminCell label="Status">
                <StatusBadge status={o.status} />
              </AdminCell>
              <AdminCell label="Domains">
                <BadgeList items={o.domains} limit={2} empty="None" />
              </AdminCell>
              <AdminCell label="Created">
                <span className="whitespace-nowrap">{formatDate(o.createdAt)}</span>
              </AdminCell>
              <AdminCell label="Actions" actions>
                {canEdit(o) ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${o.name}`}
                    title="Edit"
                    onClick={() => setEditing(o)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                ) : null}
                {manageAll && !o.isPlatform && o.status === 'active' ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Deactivate ${o.name}`}
                    title="Deactivate"
                    onClick={() => setDeactivating(o)}
                  >
                    <PowerOff aria-hidden />
                  </Button>
                ) : null}
                {manageAll && o.status === 'inactive' ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Reactivate ${o.name}`}
                    title="Reactivate"
                    onClick={() => void setActive(o, true)}
                  >
                    <Power aria-hidden />
                  </Button>
                ) : null}
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
      {editing ? (
        <OrganizationDialog
          organization={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSubmit={async (input) => {
            if ('admin' in input) {
              await createOrganization(input);
              toast.success(`${input.name} created`, {
                description: `${input.admin.email} gets an invitation to sign in as its administrator.`,
              });
            } else if (editing !== 'new') {
              await updateOrganization(editing.id, {
                name: input.name,
                description: input.description,
                domains: input.domains,
                timeZone: input.timeZone,
              });
              toast.success(`${input.name} updated`);
            }
            setEditing(null);
            await refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate Organization"
        description={`Deactivate ${deactivating?.name}? Its ${deactivating?.userCount} user${deactivating?.userCount === 1 ? ' is' : 's are'} signed out at once and cannot sign in until it is reactivated. Nothing is deleted.`}
        confirmLabel="Deactivate"
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          const o = deactivating;
          setDeactivating(null);
          if (o) void setActive(o, false);
        }}
      />
    </section>
  );
}
