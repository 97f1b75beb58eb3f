import type { TCard } from '@catalyst/contracts';
import { standoutDrivers } from '@catalyst/engine';
import type { Driver } from './describe-finding';

/** A driver as stored in a recommendation; those stored before `usual` was kept lack it. */
export type StoredDriver = Omit<Driver, 'usual'> & { usual?: number };

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Drivers with their usual share of the measure; alerts stored before it was kept get it from
 * their values before the change (a sum's share of its attribute's total).
 */
export function withUsual(drivers: StoredDriver[]): Driver[] {
  const base = new Map<string, number>();
  for (const d of drivers) base.set(d.attribute, (base.get(d.attribute) ?? 0) + Math.max(0, d.before));
  return drivers.map((d) => ({
    ...d,
    usual: d.usual ?? (base.get(d.attribute) ? Math.max(0, d.before) / base.get(d.attribute)! : 0),
  }));
}

/**
 * Follow-ups that agree with the finding: a standout driver is broken down further; a change
 * spread in proportion to size is looked at by week and by its largest attribute, naming no value.
 */
export function driverFollowUps(input: {
  label: string;
  segment: { attribute: string; value: string } | null;
  drivers: Driver[];
}): { label: string; question: string; description?: string }[] {
  const { label, drivers } = input;
  const inSegment = input.segment ? ` in ${input.segment.value}` : '';
  const standout = standoutDrivers(drivers)[0];
  const other = (attribute: string) => drivers.find((x) => x.attribute !== attribute)?.attribute ?? 'month';
  const steps = standout
    ? [
        {
          label: `${label} by ${standout.attribute}`,
          question: `${label}${inSegment} by ${standout.attribute} by week`,
        },
        {
          label: `Break ${standout.value} down further`,
          question: `${label}${inSegment} in ${standout.value} by ${other(standout.attribute)}`,
        },
      ]
    : [
        { label: `${label}${inSegment} by week`, question: `${label}${inSegment} by week` },
        ...(drivers[0]
          ? [
              {
                label: `${label}${inSegment} by ${drivers[0].attribute}`,
                question: `${label}${inSegment} by ${drivers[0].attribute}`,
              },
            ]
          : []),
      ];
  return [
    ...steps,
    { label: 'Make Decision', description: 'Record what you decide about this alert', question: '' },
  ];
}

/**
 * The drivers as a chart and a table that say what the alert's words say. Each value's part of
 * the change is shown beside its usual part of the measure: where a value's part clearly outgrows
 * its usual one (`standoutDrivers`) it is named the driver and listed first; where none does, the
 * cards say the change is spread in proportion to size and single out nothing.
 */
export function driverCards(id: number, subject: string, drivers: Driver[]): TCard[] {
  if (!drivers.length) return [];
  const standouts = standoutDrivers(drivers);
  const isStandout = new Set(standouts);
  const ordered = [...standouts, ...drivers.filter((x) => !isStandout.has(x))];
  const name = (x: Driver) => `${x.attribute}: ${x.value}`;
  const pct = (n: number) => Math.round(n * 1000) / 10;
  return [
    {
      type: 'chart',
      data: {
        id: `alert-${id}-drivers`,
        title: standouts.length
          ? `What drives the change in ${subject}`
          : `How the change in ${subject} splits`,
        description: standouts.length
          ? `${standouts.map(name).join(', ')}: a far larger part of the change than of ${subject} usually. The other values moved in proportion to their size.`
          : `No single value explains it: each value's part of the change is close to its usual part of ${subject}.`,
        options: {
          chart: { type: 'bar' },
          xAxis: { categories: ordered.map(name), title: 'Segment' },
          yAxis: { title: '% of the change / of the usual total' },
          series: [
            { name: 'Part of the change (%)', data: ordered.map((x) => pct(x.share)) },
            { name: 'Usual part (%)', data: ordered.map((x) => pct(x.usual)) },
          ],
        },
      },
    },
    {
      type: 'table',
      data: {
        id: `alert-${id}-driver-table`,
        title: standouts.length ? 'Drivers of the change' : 'How the change splits',
        columns: [
          { key: 'segment', header: 'Segment' },
          { key: 'reading', header: 'Reading' },
          // The comparison that decides the reading comes first: narrow screens show few columns.
          { key: 'share', header: 'Share of the change' },
          { key: 'usual', header: 'Usual share' },
          { key: 'before', header: 'Baseline (weekly)' },
          { key: 'after', header: 'Recent (weekly)' },
          { key: 'contribution', header: 'Contribution' },
        ],
        data: ordered.map((x) => ({
          segment: name(x),
          reading: isStandout.has(x) ? 'Driver: far above its usual share' : 'In proportion to its size',
          before: round(x.before),
          after: round(x.after),
          contribution: round(x.contribution),
          share: `${Math.round(x.share * 100)}%`,
          usual: `${Math.round(x.usual * 100)}%`,
        })),
      },
    },
  ];
}
