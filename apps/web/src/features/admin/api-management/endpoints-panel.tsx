import type { TApiEndpoint } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { useApiEndpoints } from '../api/get-api-endpoints';
import { apiManagementKeys } from '../api/keys';
import { setApiEndpointEnabled } from '../api/set-api-endpoint-enabled';
import { errorMessage } from '../format';
import { AdminCell, AdminRow, AdminTable, Badge, TabState } from '../parts';
import { formatCount } from '../../../lib/format';

const METHOD_TONES: Record<TApiEndpoint['method'], string> = {
  GET: 'border-green-500/30 bg-green-500/12 text-green-800 dark:text-green-300',
  POST: 'border-blue-500/30 bg-blue-500/12 text-blue-700 dark:text-blue-300',
  PUT: 'border-amber-500/30 bg-amber-500/12 text-amber-800 dark:text-amber-300',
  DELETE: 'border-red-500/30 bg-red-500/12 text-red-700 dark:text-red-300',
};

export function MethodBadge({ method }: { method: string }) {
  return <Badge className={cn('font-mono', METHOD_TONES[method as TApiEndpoint['method']])}>{method}</Badge>;
}

/**
 * Endpoints sub-tab: the public API's real endpoints (the server generates the list from its
 * route table). The switch turns an endpoint off for the organisation's keys (403 to them).
 */
export function EndpointsPanel({
  manage,
  onChanged,
}: {
  manage: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const endpoints = useApiEndpoints();
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (endpoint: TApiEndpoint, enabled: boolean) => {
    setSaving(endpoint.id);
    // Show the new state at once; the server's answer confirms it.
    queryClient.setQueryData<TApiEndpoint[]>(apiManagementKeys.endpoints, (list) =>
      list?.map((e) => (e.id === endpoint.id ? { ...e, enabled } : e)),
    );
    try {
      await setApiEndpointEnabled(endpoint.id, enabled);
      toast.success(`${endpoint.method} ${endpoint.path} ${enabled ? 'enabled' : 'disabled'}`);
    } catch (error) {
      toast.error('The endpoint was not changed', { description: errorMessage(error, '') || undefined });
    } finally {
      setSaving(null);
      await onChanged();
    }
  };

  return (
    <section aria-label="Endpoints">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          The endpoints API keys may call. A disabled endpoint answers 403 to your organization's keys.
        </p>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden /> Add Endpoint
        </Button>
      </div>
      {endpoints.isLoading ? (
        <TabState state="loading" />
      ) : endpoints.isError ? (
        <TabState
          state="error"
          message={errorMessage(endpoints.error, 'Failed to load endpoints')}
          onRetry={() => void endpoints.refetch()}
        />
      ) : (endpoints.data ?? []).length === 0 ? (
        <TabState state="empty" empty="No public endpoints." />
      ) : (
        <AdminTable
          label="API endpoints"
          columns={['Method', 'Path', 'Description', 'Permission', 'Rate Limit', 'Enabled']}
        >
          {(endpoints.data ?? []).map((e) => (
            <AdminRow key={e.id} muted={!e.enabled}>
              <AdminCell label="Method">
                <MethodBadge method={e.method} />
              </AdminCell>
              <AdminCell label="Path">
                <code className="font-mono text-[13px] break-all md:break-normal md:whitespace-nowrap">
                  {e.path}
                </code>
              </AdminCell>
              <AdminCell label="Description">
                <span className="text-muted-foreground">{e.description}</span>
              </AdminCell>
              <AdminCell label="Permission">
                <Badge tone={e.permission === 'write' ? 'warning' : 'neutral'}>{e.permission}</Badge>
              </AdminCell>
              <AdminCell label="Rate Limit">
                <span className="whitespace-nowrap tabular-nums">{formatCount(e.rateLimit)}/min</span>
              </AdminCell>
              <AdminCell label="Enabled">
                <Switch
                  checked={e.enabled}
                  disabled={!manage || saving === e.id}
                  aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.method} ${e.path}`}
                  title={manage ? undefined : 'You need the orgs.write permission to change this'}
                  onCheckedChange={(on) => void toggle(e, on)}
                />
              </AdminCell>
            </AdminRow>
          ))}
        </AdminTable>
      )}
      {adding ? (
        <AddEndpointDialog endpoints={endpoints.data ?? []} onClose={() => setAdding(false)} />
      ) : null}
    </section>
  );
}

/**
 * The spec's "Add Endpoint" dialog. Endpoints are code, not settings: a form that pretended to add
 * one would add nothing that answers. The dialog says so and lists what exists.
 */
function AddEndpointDialog({ endpoints, onClose }: { endpoints: TApiEndpoint[]; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Add Endpoint</DialogTitle>
        <DialogDescription>
          The public API's endpoints come with Catalyst: each is part of the server and checks its own
          permissions, so new ones arrive with Catalyst updates rather than being added here. You can switch
          any of them off for your organization's keys.
        </DialogDescription>
        <ul className="grid gap-2 text-sm" aria-label="Available endpoints">
          {endpoints.map((e) => (
            <li
              key={e.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-border px-3 py-2"
            >
              <MethodBadge method={e.method} />
              <code className="font-mono text-[13px]">{e.path}</code>
              <span className="w-full text-xs text-muted-foreground sm:w-auto sm:flex-1 sm:text-right">
                {e.enabled ? 'Enabled' : 'Disabled'}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
