import type { TDataAccessGroup } from '@catalyst/contracts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useAuditLog } from './api/get-audit-log';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from './format';
import { TabState } from './parts';

/** The recorded queries of an audit-logged group's sources: who, when, which source, the SQL or question, rows. */
export function AuditLogDialog({ group, onClose }: { group: TDataAccessGroup; onClose: () => void }) {
  const log = useAuditLog(group.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto">
        <DialogTitle>Audit Log · {group.name}</DialogTitle>
        <DialogDescription>
          Every query of its sources by members of an audit-logged group, newest first.
        </DialogDescription>
        {log.isLoading ? (
          <TabState state="loading" />
        ) : log.isError ? (
          <TabState
            state="error"
            message={errorMessage(log.error, 'Failed to load the audit log')}
            onRetry={() => void log.refetch()}
          />
        ) : (log.data ?? []).length === 0 ? (
          <TabState state="empty" empty="No queries recorded yet." />
        ) : (
          <ol className="grid gap-2" aria-label="Audited queries">
            {(log.data ?? []).map((e) => (
              <li key={e.id} className="rounded-lg border border-border p-3 text-sm">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{e.userName}</span>
                  <span>·</span>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  <span>·</span>
                  <span>{e.connName}</span>
                  <span>·</span>
                  <span className={e.error ? 'text-destructive' : undefined}>
                    {e.error ? `failed: ${e.error}` : `${e.rowCount ?? 0} row${e.rowCount === 1 ? '' : 's'}`}
                  </span>
                </div>
                {e.question ? <p className="mt-1.5">“{e.question}”</p> : null}
                <pre className="mt-1.5 max-h-32 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap">
                  {e.statement}
                </pre>
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
