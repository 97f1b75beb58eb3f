import type { TPermission } from '@catalyst/contracts';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { NoAccess } from '../../components/no-access';
import { Page, PageHeader } from '../../components/page';
import { cn } from '../../lib/cn';
import { usePermissions } from '../../lib/permissions';
import { ApiManagementTab } from './api-management-tab';
import { DataAccessTab } from './data-access-tab';
import { OrganizationsTab } from './organizations-tab';
import { RolesTab } from './roles-tab';
import { UsersTab } from './users-tab';

const TABS: { value: string; label: string; permission: TPermission | null; render: () => ReactNode }[] = [
  { value: 'users', label: 'Users', permission: 'users.read', render: () => <UsersTab /> },
  {
    value: 'organizations',
    label: 'Organizations',
    permission: 'orgs.read',
    render: () => <OrganizationsTab />,
  },
  { value: 'roles', label: 'Roles & Permissions', permission: 'users.read', render: () => <RolesTab /> },
  { value: 'data-access', label: 'Data Access', permission: 'users.read', render: () => <DataAccessTab /> },
  { value: 'api', label: 'API Management', permission: 'orgs.read', render: () => <ApiManagementTab /> },
];

/** /admin (spec document 3 "Admin Panel"): five tabs, Users by default; `?tab=` keeps the choice in the URL. */
export function AdminPage() {
  const { known, can, canAny } = usePermissions();
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((t) => !t.permission || can(t.permission));
  const requested = params.get('tab');
  const current = visible.find((t) => t.value === requested)?.value ?? visible[0]?.value ?? 'users';

  return (
    <Page>
      <PageHeader
        title="Admin Panel"
        description="Manage users, organizations, roles, data access controls, and API access"
      />
      {!known ? (
        <div
          className="mt-8 h-10 w-full animate-pulse rounded-lg bg-muted"
          role="status"
          aria-label="Loading"
        />
      ) : !canAny('users.read', 'orgs.read') ? (
        <NoAccess permission="users.read" what="The Admin Panel" />
      ) : (
        <Tabs.Root
          value={current}
          onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}
          className="mt-6"
        >
          <Tabs.List
            aria-label="Admin sections"
            className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 md:flex-nowrap"
          >
            {visible.map((t) => (
              <Tabs.Trigger
                key={t.value}
                value={t.value}
                className={cn(
                  'shrink-0 cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  'data-[state=active]:bg-surface data-[state=active]:text-foreground data-[state=active]:shadow-xs',
                )}
              >
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {visible.map((t) => (
            <Tabs.Content key={t.value} value={t.value} className="mt-6 outline-none">
              {t.render()}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </Page>
  );
}
