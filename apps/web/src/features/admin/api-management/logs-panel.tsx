import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useApiRequestLogs } from '../api/get-api-request-logs';
import { formatCount, formatDateTime } from '../../../lib/format';
import { errorMessage } from '../format';
import { AdminCell, AdminRow, AdminTable, TabState } from '../parts';
import { MethodBadge } from './endpoints-panel';
import { isSuccessStatus } from './format';

const PAGE_SIZE = 25;

/** Request Logs sub-tab: every request made with the organisation's keys (30 days), newest first. */
export function LogsPanel() {
  const [page, setPage] = useState(1);
  const logs = useApiRequestLogs(page, PAGE_SIZE);
  const total = logs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-label="Request Logs">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Requests made with your organization's API keys in the last 30 days.
        </p>
        <Button variant="secondary" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          <RefreshCw aria-hidden className={cn(logs.isFetching && 'animate-spin')} /> Refresh
        </Button>
      </div>
      {logs.isLoading ? (
        <TabState state="loading" />
      ) : logs.isError ? (
        <TabState
          state="error"
          message={errorMessage(logs.error, 'Failed to load request logs')}
          onRetry={() => void logs.refetch()}
        />
      ) : total === 0 ? (
        <TabState state="empty" empty="No requests yet. Requests made with an API key show here." />
      ) : (
        <>
          <AdminTable
            label="Request logs"
            columns={['Timestamp', 'API Key', 'Endpoint', 'Method', 'Status', 'Response Time', 'IP Address']}
          >
            {(logs.data?.logs ?? []).map((log) => (
              <AdminRow key={log.id}>
                <AdminCell label="Timestamp">
                  <span className="whitespace-nowrap tabular-nums">{formatDateTime(log.timestamp)}</span>
                </AdminCell>
                <AdminCell label="API Key">
                  <code className="block truncate font-mono text-xs" title={log.keyName ?? 'Deleted key'}>
                    {log.apiKey}
                  </code>
                  {log.keyName ? (
                    <span className="block truncate text-xs text-muted-foreground">{log.keyName}</span>
                  ) : null}
                </AdminCell>
                <AdminCell label="Endpoint">
                  <code className="font-mono text-[13px] break-all">{log.endpoint}</code>
                </AdminCell>
                <AdminCell label="Method">
                  <MethodBadge method={log.method} />
                </AdminCell>
                <AdminCell label="Status">
                  <span
                    className={cn(
                      'inline-flex rounded-full border px-2 py-0.5 font-mono text-xs font-semibold',
                      isSuccessStatus(log.status)
                        ? 'border-green-500/30 bg-green-500/12 text-green-800 dark:text-green-300'
                        : 'border-red-500/30 bg-red-500/12 text-red-700 dark:text-red-300',
                    )}
                  >
                    {log.status}
                  </span>
                </AdminCell>
                <AdminCell label="Response Time">
                  <span className="tabular-nums">{formatCount(log.responseTime)} ms</span>
                </AdminCell>
                <AdminCell label="IP Address">
                  <span className="font-mono text-xs">{log.ipAddress}</span>
                </AdminCell>
              </AdminRow>
            ))}
          </AdminTable>
          <nav
            className="mt-4 flex items-center justify-between gap-3 text-sm"
            aria-label="Request log pages"
          >
            <span className="text-muted-foreground">
              {formatCount(total)} request{total === 1 ? '' : 's'} · page {page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
              >
                <ChevronLeft aria-hidden /> Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
              >
                Next <ChevronRight aria-hidden />
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
