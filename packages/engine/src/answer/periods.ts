import type { TQueryPlan } from '@catalyst/contracts';

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const day = (s: string): Date => new Date(`${s}T00:00:00Z`);
/** `d` moved by whole months, the day clamped to the target month's length (Mar 31 → Feb 28). */
const shiftMonths = (d: Date, months: number): Date => {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const length = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), length)));
};

/**
 * The period a comparison is made against: a year earlier, or the period just before of the same
 * kind — the previous months for whole months, the same days of the previous month/quarter/year
 * for a period "to date" (Nov 1–22 → Oct 1–22), else the same number of days just before.
 */
export function previousRange(plan: TQueryPlan): TQueryPlan['timeRange'] | null {
  const r = plan.timeRange;
  if (!r?.from || !r.to) return null;
  const from = day(r.from);
  const to = day(r.to);
  if (plan.comparison === 'previous_year')
    return {
      ...r,
      from: iso(shiftMonths(from, -12)),
      to: iso(shiftMonths(to, -12)),
      label: `${r.label}, a year earlier`,
    };
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  if (from.getUTCDate() === 1 && to.getUTCDate() === 1) {
    const start = shiftMonths(from, -months);
    return { ...r, from: iso(start), to: r.from, label: `period before ${r.label}` };
  }
  if (from.getUTCDate() === 1) {
    // To date: the calendar unit the period started (month, quarter or year), one unit back.
    const unit =
      months < 1
        ? 1
        : from.getUTCMonth() % 3 === 0 && months < 3
          ? 3
          : from.getUTCMonth() === 0 && months < 12
            ? 12
            : 0;
    if (unit)
      return {
        ...r,
        from: iso(shiftMonths(from, -unit)),
        to: iso(shiftMonths(to, -unit)),
        label: `period before ${r.label}`,
      };
  }
  const length = to.getTime() - from.getTime();
  return {
    ...r,
    from: iso(new Date(from.getTime() - length)),
    to: r.from,
    label: `period before ${r.label}`,
  };
}
