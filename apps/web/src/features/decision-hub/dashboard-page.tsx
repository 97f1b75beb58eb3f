import type { TDashboardMetrics } from '@catalyst/contracts';
import {
  Activity,
  ArrowRight,
  Brain,
  FolderKanban,
  LayoutGrid,
  Lightbulb,
  List,
  MessageSquarePlus,
  RefreshCw,
  TrendingDown,
  TrendingUp,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page, PageHeader } from '../../components/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { NoAccess } from '../../components/no-access';
import { formatTimeAgo } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useSession } from '../../lib/use-session';
import { useDismissRecommendation } from './api/dismiss-recommendation';
import { useMetrics } from './api/get-metrics';
import { useRecommendations } from './api/get-recommendations';
import { useScanRuns } from './api/get-scan-runs';
import { useRefreshRecommendations } from './api/refresh-recommendations';
import { greetingFor, SEVERITY_CLASSES, toAlert, updatedHint, type AlertItem } from './alerts';

type Metric = TDashboardMetrics['data']['aiScoreAverage'];

/** The Decision Hub (spec document 1 §2.6): greeting, the four metrics, and what needs attention. */
export function DashboardPage() {
  const session = useSession();
  const now = new Date();
  const firstName = session?.user.firstName || session?.user.name || '';
  const { known, can } = usePermissions();
  const reports = can('reports.view');
  const metrics = useMetrics({ enabled: reports });
  // Spec document 1 §8: a metrics failure is only logged; the cards show dashes.
  useEffect(() => {
    if (metrics.isError)
      console.error(metrics.error instanceof Error ? metrics.error.message : 'Failed to fetch metrics');
  }, [metrics.isError, metrics.error]);
  return (
    <Page>
      <PageHeader
        title={`${greetingFor(now.getHours())}${firstName ? `, ${firstName}` : ''}`}
        description={now.toLocaleDateString(undefined, {
          weekday: 'long',
          year: 'numeric',
          month: 'long',
          day: 'numeric',
        })}
        actions={
          can('data.read') ? (
            <Button asChild>
              <Link to="/conversation/new">
                <MessageSquarePlus aria-hidden /> New Analysis
              </Link>
            </Button>
          ) : null
        }
      />
      {known && !reports ? (
        <NoAccess
          permission="reports.view"
          what="The Decision Hub's metrics and alerts"
          className="mt-8 flex flex-col items-center p-10 text-center"
        />
      ) : (
        <>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <MetricTile
              icon={Brain}
              label="AI Score Average"
              metric={metrics.data?.data.aiScoreAverage}
              loading={metrics.isLoading || !known}
              format={(v) => (v === null ? '—' : `${v}%`)}
              progress
            />
            <MetricTile
              icon={FolderKanban}
              label="Active Use Cases"
              metric={metrics.data?.data.activeUseCases}
              loading={metrics.isLoading || !known}
            />
            <MetricTile
              icon={Lightbulb}
              label="Recent Insights"
              metric={metrics.data?.data.recentInsights}
              loading={metrics.isLoading || !known}
            />
            <MetricTile
              icon={Activity}
              label="Last Activity"
              metric={metrics.data?.data.lastActivity}
              loading={metrics.isLoading || !known}
              format={(v) => (typeof v === 'string' ? formatTimeAgo(v) : 'No activity yet')}
            />
          </div>
          {reports ? <AttentionRequired /> : null}
        </>
      )}
    </Page>
  );
}

function MetricTile({
  icon: Icon,
  label,
  metric,
  loading,
  format,
  progress,
}: {
  icon: typeof Brain;
  label: string;
  metric?: Metric;
  loading: boolean;
  format?: (v: Metric['value']) => string;
  progress?: boolean;
}) {
  const value = metric ? (format ? format(metric.value) : String(metric.value ?? '—')) : loading ? '…' : '—';
  const change = metric?.change;
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span className="font-medium">{label}</span>
        <Icon className="size-4" aria-hidden />
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums">{value}</p>
      {progress && typeof metric?.value === 'number' ? (
        <div
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuenow={metric.value}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={label}
        >
          <div
            className="h-full rounded-full bg-primary"
            style={{ width: `${Math.min(100, metric.value)}%` }}
          />
        </div>
      ) : progress && metric && metric.value === null ? (
        <p className="mt-2 text-xs text-muted-foreground">No answers in the last 30 days</p>
      ) : null}
      {change !== null && change !== undefined && label !== 'Last Activity' ? (
        <p
          className={`mt-2 text-xs font-medium ${metric?.trend === 'up' ? 'text-success' : metric?.trend === 'down' ? 'text-destructive' : 'text-muted-foreground'}`}
        >
          {change > 0 ? '+' : ''}
          {change}
          {label === 'AI Score Average' ? ' pts' : ''} vs the previous period
        </p>
      ) : null}
    </Card>
  );
}

function AttentionRequired() {
  const navigate = useNavigate();
  const [view, setView] = useState<'card' | 'list'>('card');
  const [tick, setTick] = useState(Date.now());
  const recs = useRecommendations();
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // The latest scan: a failed one (a source that cannot be read, a server stop) is said, not hidden.
  const runs = useScanRuns();
  const lastRun = runs.data?.[0];
  const refresh = useRefreshRecommendations();
  const dismiss = useDismissRecommendation();
  const updated = recs.dataUpdatedAt ? updatedHint(recs.dataUpdatedAt, tick) : null;
  const alerts = (recs.data ?? []).map((r) => toAlert(r, tick));
  const open = (a: AlertItem) =>
    navigate(`/conversation/action/${a.action}/${a.id}`, { state: { usecase_id: a.useCaseId } });

  return (
    <section className="mt-10" aria-labelledby="attention">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="attention" className="text-lg font-semibold tracking-tight">
          Attention Required
        </h2>
        {updated ? <span className="text-xs text-muted-foreground">{updated}</span> : null}
        <div className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh recommendations"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
          >
            <RefreshCw className={refresh.isPending ? 'animate-spin' : undefined} aria-hidden />
          </Button>
          <Button
            variant={view === 'card' ? 'subtle' : 'ghost'}
            size="icon"
            aria-label="Card view"
            aria-pressed={view === 'card'}
            onClick={() => setView('card')}
          >
            <LayoutGrid aria-hidden />
          </Button>
          <Button
            variant={view === 'list' ? 'subtle' : 'ghost'}
            size="icon"
            aria-label="List view"
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <List aria-hidden />
          </Button>
        </div>
      </div>
      {lastRun?.status === 'failed' && lastRun.error ? (
        <Alert variant="destructive" title="The last scan did not finish" className="mt-4">
          {lastRun.error} Refresh to scan again.
        </Alert>
      ) : null}
      <div className="mt-4">
        {recs.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading recommendations…</p>
        ) : recs.isError ? (
          <Alert variant="destructive" title="Error">
            {recs.error instanceof Error ? recs.error.message : 'Failed to fetch recommendations'}
          </Alert>
        ) : alerts.length === 0 ? (
          <Card className="p-8 text-center text-sm text-muted-foreground">
            No recommendations available at this time.
          </Card>
        ) : (
          <ul
            className={
              view === 'card'
                ? 'grid gap-4 md:grid-cols-2'
                : 'divide-y divide-border rounded-xl border border-border bg-surface'
            }
          >
            {alerts.map((a) => (
              <li
                key={a.id}
                className={
                  view === 'card'
                    ? 'flex flex-col rounded-xl border border-border bg-surface p-5 shadow-xs'
                    : 'flex flex-col gap-2 p-4 sm:flex-row sm:items-center'
                }
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span
                      className={`rounded-full border px-2 py-0.5 text-xs font-medium ${SEVERITY_CLASSES[a.severity]}`}
                    >
                      {a.category}
                    </span>
                    <span className="min-w-0 text-xs text-muted-foreground">
                      {a.useCaseName} · {a.timeAgo}
                    </span>
                  </div>
                  <h3 className="mt-2 text-[15px] font-semibold break-words">{a.title}</h3>
                  {a.metrics.length ? <AffectedMetrics metrics={a.metrics} /> : null}
                  {view === 'card' ? (
                    <p className="mt-1 text-sm leading-6 text-muted-foreground">{a.description}</p>
                  ) : null}
                </div>
                <div className={view === 'card' ? 'mt-4 flex items-center gap-2' : 'flex items-center gap-2'}>
                  <Button size="sm" onClick={() => open(a)}>
                    {a.action === 'explore' ? 'Explore' : 'Investigate'} <ArrowRight aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Dismiss "${a.title}"`}
                    onClick={() => dismiss.mutate(a.recommendationId)}
                  >
                    <X aria-hidden /> Dismiss
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The measures one incident moved, as a list: one alert for one cause, every metric named. */
function AffectedMetrics({ metrics }: { metrics: AlertItem['metrics'] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Affected metrics">
      {metrics.map((m) => (
        <li
          key={m.label}
          className="inline-flex items-center gap-1 rounded-md border border-border bg-muted/60 px-2 py-0.5 text-xs"
        >
          {m.direction === 'down' ? (
            <TrendingDown className="size-3.5 text-muted-foreground" aria-hidden />
          ) : (
            <TrendingUp className="size-3.5 text-muted-foreground" aria-hidden />
          )}
          <span className="font-medium">{m.label}</span>
          <span className="tabular-nums text-muted-foreground">{m.change}</span>
        </li>
      ))}
    </ul>
  );
}
