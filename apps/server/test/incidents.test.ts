import type { TCard, TSemanticModel } from '@catalyst/contracts';
import { describe, expect, it } from 'vitest';
import { describeFinding, type Driver, type Finding } from '../src/features/decision-hub/describe-finding';
import { driverCards, driverFollowUps } from '../src/features/decision-hub/investigate-drivers';
import { incidentKey } from '../src/features/decision-hub/run-scan';
import { measuresOf, toIncidents } from '../src/features/decision-hub/scan';

const EUROPE = { attribute: 'region', value: 'Europe' };

/** A driver of a sum whose attribute's values made `total` before the change. */
const driver = (column: string, value: string, before: number, after: number, delta: number, total = 1000) =>
  ({
    attribute: column[0]!.toUpperCase() + column.slice(1),
    column,
    value,
    before,
    after,
    contribution: after - before,
    share: (after - before) / delta,
    usual: before / total,
  }) satisfies Driver;

function finding(label: string, over: Partial<Finding> = {}): Finding {
  const key = `sum:orders.${label.toLowerCase()}`;
  return {
    measure: { key, label, additive: true },
    metric: {
      label,
      table: 'orders',
      timeColumn: 'order_date',
      expression: `SUM("${label.toLowerCase()}")`,
      filters: [],
      grain: 'week',
    },
    segment: EUROPE,
    segmentLabel: 'Region',
    windowStart: '2026-11-02',
    windowEnd: '2026-11-16',
    weeks: 3,
    actual: 60,
    expected: 100,
    relativeChange: -0.4,
    score: -6,
    share: 0.3,
    impact: 'Critical Alert',
    reason: 'anomaly',
    series: [],
    drivers: [],
    ...over,
  };
}

/** What the demo's scan finds: Europe loses 40 % of its orders; Electronics returns jump. */
const demoFindings = () => [
  finding('Quantity', { relativeChange: -0.45, score: -10.4 }),
  finding('Cost', { relativeChange: -0.36, score: -5.3 }),
  finding('Revenue', { relativeChange: -0.37, score: -5.6, actual: 112_176, expected: 176_828 }),
  finding('Profit', { relativeChange: -0.38, score: -6 }),
  finding('Quantity', {
    segment: null,
    relativeChange: -0.14,
    score: -4.8,
    impact: 'Medium Impact',
    drivers: [
      driver('region', 'Europe', 882, 482, -414, 2967),
      driver('region', 'Asia', 700, 690, -414, 2967),
    ],
  }),
  finding('Return Rate', {
    measure: { key: 'metric:return_rate', label: 'Return Rate', additive: false },
    segment: null,
    relativeChange: 1.57,
    score: 7.8,
    actual: 0.113,
    expected: 0.044,
    drivers: [
      { ...driver('category', 'Electronics', 0.042, 0.305, 0.069), share: 1, usual: 0.25 },
      { ...driver('category', 'Apparel', 0.07, 0.07, 0.069), share: 0, usual: 0.25 },
    ],
  }),
];
const ORDER = ['Revenue', 'Profit', 'Cost', 'Quantity', 'Return Rate'];
const order = (f: Finding) => ORDER.indexOf(f.measure.label);

describe('one alert per root cause', () => {
  it("makes the Europe drop's four measures one alert listing them, with the total it explains, apart from the return spike", () => {
    const incidents = toIncidents(demoFindings(), '7|main.orders', order);
    expect(incidents).toHaveLength(2);
    const europe = incidents.find((i) => i.root === 'region=Europe')!;
    expect(europe.primary.map((f) => f.measure.label)).toEqual(['Revenue', 'Profit', 'Cost', 'Quantity']);
    expect(europe.related.map((f) => [f.measure.label, f.segment])).toEqual([['Quantity', null]]);
    expect(europe.impact).toBe('Critical Alert');
    expect(europe.text!.title).toBe(
      'Revenue, Profit, Cost and Quantity in Europe dropped 36–45% since the week of Nov 2, 2026',
    );
    expect(europe.text!.brief).toContain('Weekly Revenue in Europe averaged 112,176 over the last 3 weeks');
    expect(europe.text!.brief).toContain(
      'over the same weeks Profit \u221238%, Cost \u221236% and Quantity \u221245%.',
    );
    expect(europe.text!.full).toContain(
      'The same drop shows in Quantity overall (\u221214%, 97% of it from Europe).',
    );
    expect(europe.text!.category).toBe('Critical');

    const returns = incidents.find((i) => i.root === '*')!;
    expect(returns.primary.map((f) => f.measure.label)).toEqual(['Return Rate']);
    expect(returns.text!.title).toBe('Return Rate rose 157% since the week of Nov 2, 2026');
  });

  it('names both directions when one segment moved both ways', () => {
    const [incident] = toIncidents(
      [finding('Profit', { relativeChange: -0.3 }), finding('Cost', { relativeChange: 0.2, score: 5 })],
      '7|main.orders',
      order,
    );
    expect(incident!.text!.title).toBe(
      'In Europe, Profit dropped 30% and Cost rose 20% since the week of Nov 2, 2026',
    );
  });

  it('gives the same incident the same key in every use case over the same data, and a new one to a new episode', () => {
    const europe = { source: '7|main.orders', root: 'region=Europe' };
    const earlier = [{ key: '7|main.orders|region=Europe|2026-11-02', to: '2026-11-16' }];
    expect(incidentKey({ ...europe, windowStart: '2026-11-09', windowEnd: '2026-11-23' }, earlier)).toBe(
      '7|main.orders|region=Europe|2026-11-02',
    );
    expect(incidentKey({ ...europe, windowStart: '2026-11-30', windowEnd: '2026-11-30' }, earlier)).toBe(
      '7|main.orders|region=Europe|2026-11-30',
    );
    // The same segment on another connection is other data.
    expect(
      incidentKey(
        {
          source: '8|main.orders',
          root: 'region=Europe',
          windowStart: '2026-11-09',
          windowEnd: '2026-11-23',
        },
        earlier,
      ),
    ).toBe('8|main.orders|region=Europe|2026-11-09');
  });
});

describe('no alerts on meaningless aggregates', () => {
  it('sums only additive columns, averages levels and rates, and skips identifiers', () => {
    const column = (name: string, type = 'DOUBLE', extra: Record<string, unknown> = {}) => ({
      table: 'readings',
      name,
      label: name,
      definition: `${name} of each readings record, a measure to sum or average.`,
      entityType: 'KPI' as const,
      kind: 'number' as const,
      type,
      isKey: false,
      isTime: false,
      synonyms: [],
      distinctCount: 300,
      values: [],
      ...extra,
    });
    const model: TSemanticModel = {
      tables: [
        {
          schema: 'main',
          name: 'readings',
          label: 'Readings',
          synonyms: [],
          rowCount: 10_000,
          primaryKey: [],
          freshness: null,
          columns: [
            column('taken_at', 'DATE', { isTime: true, kind: 'date', entityType: 'ATTRIBUTE' }),
            column('reading_id', 'INTEGER', { distinctCount: 10_000 }),
            column('temperature'),
            column('unit_price'),
            column('year', 'INTEGER', { distinctCount: 3 }),
            column('energy_kwh'),
          ],
        },
      ],
      metrics: [],
      joins: [],
    };
    expect(measuresOf(model).map((m) => [m.key, m.expression, m.additive])).toEqual([
      ['avg:readings.temperature', 'AVG("temperature")', false],
      ['avg:readings.unit_price', 'AVG("unit_price")', false],
      ['sum:readings.energy_kwh', 'SUM("energy_kwh")', true],
    ]);
  });
});

/** The rows of a table card. */
const rowsOf = (card: TCard) =>
  (card.data as unknown as { data: { segment: string; reading: string }[] }).data;

describe('the investigation agrees with the words of the alert', () => {
  const subject = 'Revenue in Europe';
  const spread = [
    driver('category', 'Electronics', 600, 420, -300),
    driver('category', 'Apparel', 400, 280, -300),
  ];
  const standout = [driver('channel', 'Partner', 150, 0, -300), driver('channel', 'Online', 850, 700, -300)];

  it('singles out no value when the change is spread in proportion to size', () => {
    const text = describeFinding(finding('Revenue', { drivers: spread }));
    expect(text.full).toContain('No single Category value explains it');
    const [chart, table] = driverCards(1, subject, spread);
    expect(chart!.data.title).toBe('How the change in Revenue in Europe splits');
    expect(chart!.data.description).toContain('No single value explains it');
    expect(rowsOf(table!).map((r) => r.reading)).toEqual([
      'In proportion to its size',
      'In proportion to its size',
    ]);
    const followUps = driverFollowUps({ label: 'Revenue', segment: EUROPE, drivers: spread }).map(
      (a) => a.label,
    );
    expect(followUps).toEqual([
      'Revenue in Europe by week',
      'Revenue in Europe by Category',
      'Make Decision',
    ]);
    expect(followUps.join(' ')).not.toContain('Electronics');
  });

  it('names the same drivers in the words, the chart, the table and the next steps', () => {
    const text = describeFinding(finding('Revenue', { drivers: standout }));
    expect(text.full).toContain('Biggest drivers: Channel = Partner');
    expect(text.full).not.toContain('Channel = Online');
    const [chart, table] = driverCards(1, subject, standout);
    expect(chart!.data.title).toBe('What drives the change in Revenue in Europe');
    expect(chart!.data.description).toMatch(/^Channel: Partner: a far larger part/);
    expect(rowsOf(table!).map((r) => [r.segment, r.reading])).toEqual([
      ['Channel: Partner', 'Driver: far above its usual share'],
      ['Channel: Online', 'In proportion to its size'],
    ]);
    expect(driverFollowUps({ label: 'Revenue', segment: EUROPE, drivers: standout })[1]!.label).toBe(
      'Break Partner down further',
    );
  });

  it('agrees on every mix of drivers: the values the words name are exactly the ones the table marks', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let run = 0; run < 200; run++) {
      const befores = [rnd() * 500 + 10, rnd() * 500 + 10, rnd() * 500 + 10];
      const total = befores.reduce((a, b) => a + b, 0);
      const afters = befores.map((b) => b * (0.3 + rnd()));
      const delta = afters.reduce((a, b) => a + b, 0) - total;
      if (Math.abs(delta) < 1) continue;
      const drivers = befores.map((b, i) => driver('channel', `C${i}`, b, afters[i]!, delta, total));
      const words = describeFinding(finding('Revenue', { relativeChange: delta / total, drivers })).full;
      const named = drivers.filter(
        (d) => words.includes(`Biggest drivers`) && words.includes(`= ${d.value} (`),
      );
      const marked = rowsOf(driverCards(1, subject, drivers)[1]!)
        .filter((r) => r.reading.startsWith('Driver'))
        .map((r) => r.segment.replace('Channel: ', ''));
      expect(marked.sort(), words).toEqual(named.map((d) => d.value).sort());
    }
  });
});
