import type { TQueryPlan } from '@catalyst/contracts';

const iso = (d: Date): string => d.toISOString().slice(0, 10);

/** The period a comparison is made against: the same length just before, or a year earlier. */
export function previousRange(plan: TQueryPlan): TQueryPlan['timeRange'] | null {
  const r = plan.timeRange;
  if (!r?.from || !r.to) return null;
  const from = new Date(`${r.from}T00:00:00Z`);
  const to = new Date(`${r.to}T00:00:00Z`);
  if (plan.comparison === 'previous_year') {
    const shift = (d: Date): Date =>
      new Date(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate()));
    return { ...r, from: iso(shift(from)), to: iso(shift(to)), label: `${r.label}, a year earlier` };
  }
  const monthAligned = from.getUTCDate() === 1 && to.getUTCDate() === 1;
  if (monthAligned) {
    const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
    const start = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - months, 1));
    return { ...r, from: iso(start), to: r.from, label: `period before ${r.label}` };
  }
  const length = to.getTime() - from.getTime();
  return {
    ...r,
    from: iso(new Date(from.getTime() - length)),
    to: r.from,
    label: `period before ${r.label}`,
  };
}
