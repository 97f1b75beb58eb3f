import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Page, PageHeader } from '../../components/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { NoAccess } from '../../components/no-access';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useDecisions } from './api/get-decisions';
import { MakeDecisionDialog, type DecisionDraft } from './make-decision-dialog';
import { StatusBadge } from './status-badge';

const SORTS = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
  ['title', 'Title'],
  ['status', 'Status'],
  ['updated', 'Recently updated'],
] as const;

/** /decisions: every recorded decision, searchable, filtered by status, in five orders. */
export function DecisionsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state ?? {}) as {
    create?: boolean;
    alertId?: string;
    alertTitle?: string;
    useCaseId?: number | null;
  };
  const [draft, setDraft] = useState<DecisionDraft | null>(
    incoming.create
      ? { alertId: incoming.alertId, alertTitle: incoming.alertTitle, useCaseId: incoming.useCaseId }
      : null,
  );
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState('newest');
  const { known, can } = usePermissions();
  const allowed = can('reports.view');
  const decisions = useDecisions({ sort, status, search: search.trim() }, { enabled: allowed });

  return (
    <Page>
      <PageHeader
        title="Decisions"
        description="What your team decided, why, and whether it moved the metric."
        actions={
          allowed ? (
            <Button onClick={() => setDraft({})}>
              <Plus aria-hidden /> Create New Action
            </Button>
          ) : null
        }
      />
      {known && !allowed ? <NoAccess permission="reports.view" what="Seeing decisions" /> : null}
      <div className={known && !allowed ? 'hidden' : 'mt-6 flex flex-col gap-3 sm:flex-row'}>
        <label className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            aria-label="Search decisions"
            placeholder="Search decisions..."
            className="h-10 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <select
          aria-label="Status"
          className="h-10 rounded-md border border-input bg-surface px-3 text-sm"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="all">All statuses</option>
          {['pending', 'approved', 'implemented', 'rejected'].map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
        <select
          aria-label="Sort"
          className="h-10 rounded-md border border-input bg-surface px-3 text-sm"
          value={sort}
          onChange={(e) => setSort(e.target.value)}
        >
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-6">
        {!allowed ? null : decisions.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading decisions…</p>
        ) : decisions.isError ? (
          <Alert variant="destructive" title="Error">
            {decisions.error instanceof Error ? decisions.error.message : 'Failed to load decisions'}
          </Alert>
        ) : (decisions.data ?? []).length === 0 ? (
          <Card className="p-8 text-center text-sm text-muted-foreground">
            {search.trim() || status !== 'all'
              ? 'No decisions match.'
              : 'No decisions yet. Record one from an alert or a conversation with Make Decision.'}
          </Card>
        ) : (
          <ul className="grid gap-3">
            {(decisions.data ?? []).map((d) => (
              <li key={d.id}>
                <Link
                  to={`/decisions/${d.id}`}
                  className="block rounded-xl border border-border bg-surface p-4 shadow-xs hover:border-primary/40"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={d.status} />
                    <span className="text-xs text-muted-foreground">
                      {d.useCaseName} · {formatDate(d.createdAt)} · {d.createdBy}
                    </span>
                  </div>
                  <h2 className="mt-2 font-semibold">{d.title}</h2>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{d.description}</p>
                  {d.alertTitle ? (
                    <p className="mt-1 text-xs text-muted-foreground">Alert: {d.alertTitle}</p>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      {draft ? (
        <MakeDecisionDialog
          draft={draft}
          onClose={() => setDraft(null)}
          onCreated={(d) => {
            setDraft(null);
            toast.success('Decision recorded', {
              description: d.title,
              action: { label: 'View decision', onClick: () => navigate(`/decisions/${d.id}`) },
            });
            navigate(`/decisions/${d.id}`);
          }}
        />
      ) : null}
    </Page>
  );
}
