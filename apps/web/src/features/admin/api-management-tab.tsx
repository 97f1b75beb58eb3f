import { useQueryClient } from '@tanstack/react-query';
import { Activity, BookOpen, CircleCheck, KeyRound, ListChecks, Network, ScrollText } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { usePermissions } from '../../lib/permissions';
import { useApiSummary } from './api/get-api-summary';
import { apiManagementKeys } from './api/keys';
import { DocsPanel } from './api-management/docs-panel';
import { EndpointsPanel } from './api-management/endpoints-panel';
import { formatCount } from '../../lib/format';
import { formatSuccessRate } from './api-management/format';
import { KeysPanel } from './api-management/keys-panel';
import { LogsPanel } from './api-management/logs-panel';

function SummaryCard({
  title,
  value,
  detail,
  Icon,
  loading,
}: {
  title: string;
  value: ReactNode;
  detail: ReactNode;
  Icon: ComponentType<{ className?: string }>;
  loading: boolean;
}) {
  return (
    <Card className="p-4" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </div>
      {loading ? (
        <div className="mt-2 h-8 w-16 animate-pulse rounded bg-muted" />
      ) : (
        <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      )}
      <p className="mt-0.5 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

/**
 * API Management (spec document 3): four summary cards computed on the server from the keys,
 * endpoints and request logs, and the sub-tabs API Keys, Endpoints, Request Logs, Documentation.
 * Seeing it needs orgs.read; creating and deleting keys and switching endpoints, orgs.write.
 */
export function ApiManagementTab() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const summary = useApiSummary();
  const manage = can('orgs.write');
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiManagementKeys.all });
  const s = summary.data;
  const failed = summary.isError;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <SummaryCard
          title="Total API Keys"
          Icon={KeyRound}
          loading={summary.isLoading}
          value={s ? formatCount(s.totalKeys) : '—'}
          detail={s ? `${formatCount(s.activeKeys)} active` : failed ? 'Could not load' : ' '}
        />
        <SummaryCard
          title="API Endpoints"
          Icon={Network}
          loading={summary.isLoading}
          value={s ? formatCount(s.endpoints) : '—'}
          detail={s ? `${formatCount(s.enabledEndpoints)} enabled` : failed ? 'Could not load' : ' '}
        />
        <SummaryCard
          title="Total Requests"
          Icon={Activity}
          loading={summary.isLoading}
          value={s ? formatCount(s.requests30d) : '—'}
          detail="Last 30 days"
        />
        <SummaryCard
          title="Success Rate"
          Icon={CircleCheck}
          loading={summary.isLoading}
          value={s ? formatSuccessRate(s.successRate24h) : '—'}
          detail={
            s && s.requests24h > 0
              ? `Last 24 hours · ${formatCount(s.requests24h)} requests`
              : 'Last 24 hours'
          }
        />
      </div>
      <Tabs defaultValue="keys" className="min-w-0">
        <TabsList aria-label="API Management sections" className="w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="keys">
            <KeyRound aria-hidden /> API Keys
          </TabsTrigger>
          <TabsTrigger value="endpoints">
            <ListChecks aria-hidden /> Endpoints
          </TabsTrigger>
          <TabsTrigger value="logs">
            <ScrollText aria-hidden /> Request Logs
          </TabsTrigger>
          <TabsTrigger value="docs">
            <BookOpen aria-hidden /> Documentation
          </TabsTrigger>
        </TabsList>
        <TabsContent value="keys" className="mt-4">
          <KeysPanel manage={manage} onChanged={refresh} />
        </TabsContent>
        <TabsContent value="endpoints" className="mt-4">
          <EndpointsPanel manage={manage} onChanged={refresh} />
        </TabsContent>
        <TabsContent value="logs" className="mt-4">
          <LogsPanel />
        </TabsContent>
        <TabsContent value="docs" className="mt-4">
          <DocsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
