import type { TCardAction, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';

/** Three useful next questions, worded so the follow-up reader understands them. */
export function followUpsFor(plan: TQueryPlan, model: SemanticModel): TCardAction[] {
  const base = model.tables.find((t) => t.name === plan.table);
  if (!base) return [];
  const out: TCardAction[] = [];
  const time = base.columns.find((c) => c.isTime);
  const hasTimeDim = plan.dimensions.some((d) => d.grain);
  if (time && !hasTimeDim && plan.measures.length)
    out.push({ label: 'Trend by month', question: 'And by month?' });
  if (plan.dimensions.length && !plan.limit) out.push({ label: 'Top 5 only', question: 'Top 5 instead' });
  const used = new Set([
    ...plan.dimensions.map((d) => d.column.column),
    ...plan.filters.map((f) => f.column.column),
  ]);
  const attribute = base.columns
    .filter(
      (c) =>
        c.entityType === 'ATTRIBUTE' &&
        c.kind === 'text' &&
        !used.has(c.name) &&
        (c.distinctCount ?? 0) >= 2 &&
        (c.distinctCount ?? 0) <= 30,
    )
    .sort((a, b) => (a.distinctCount ?? 0) - (b.distinctCount ?? 0))[0];
  if (attribute && plan.measures.length)
    out.push({ label: `Break down by ${attribute.label}`, question: `And by ${attribute.label}?` });
  const measured = new Set(plan.measures.map((m) => m.column?.column));
  const kpi = base.columns.find((c) => c.entityType === 'KPI' && !measured.has(c.name));
  if (kpi && out.length < 3)
    out.push({ label: `Same for ${kpi.label}`, question: `What about ${kpi.label}?` });
  if (time && !plan.comparison && plan.timeRange && out.length < 3)
    out.push({ label: 'Compare with last year', question: 'Compared to last year?' });
  return out.slice(0, 3);
}
