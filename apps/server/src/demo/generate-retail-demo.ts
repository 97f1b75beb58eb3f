import fs from 'node:fs';
import path from 'node:path';

/**
 * The bundled demo dataset "Retail Sales (demo)": 24 months of orders ending on `end`, with
 * weekly and yearly seasonality, a growth trend, noise, and two injected anomalies whose dates
 * are recorded in anomalies.json beside the CSV:
 *  - a regional revenue drop: Europe loses ~40 % of its orders over the last 3 full weeks;
 *  - a category return spike: Electronics returns jump from ~4 % to ~30 % over the last 3 full weeks.
 * Deterministic for a given seed and end date.
 */

export interface DemoAnomaly {
  kind: 'regional_revenue_drop' | 'category_return_spike';
  metric: 'revenue' | 'return_rate';
  attribute: 'region' | 'category';
  value: string;
  from: string;
  to: string;
  description: string;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REGIONS: [string, string[], number][] = [
  ['Europe', ['Germany', 'France', 'United Kingdom', 'Spain', 'Italy'], 0.3],
  ['North America', ['United States', 'Canada', 'Mexico'], 0.32],
  ['Asia', ['Japan', 'India', 'Singapore', 'South Korea'], 0.24],
  ['Latin America', ['Brazil', 'Argentina', 'Chile'], 0.08],
  ['Oceania', ['Australia', 'New Zealand'], 0.06],
];
const CATEGORIES: [string, [string, number][], number][] = [
  [
    'Electronics',
    [
      ['Laptop', 899],
      ['Headphones', 129],
      ['Smartphone', 649],
      ['Monitor', 279],
    ],
    0.62,
  ],
  [
    'Furniture',
    [
      ['Office Chair', 219],
      ['Standing Desk', 489],
      ['Bookshelf', 149],
    ],
    0.58,
  ],
  [
    'Office Supplies',
    [
      ['Paper Pack', 12],
      ['Pen Set', 9],
      ['Binder', 7],
      ['Stapler', 18],
    ],
    0.45,
  ],
  [
    'Apparel',
    [
      ['Jacket', 119],
      ['Sneakers', 89],
      ['T-Shirt', 24],
    ],
    0.4,
  ],
];
const CHANNELS: [string, number][] = [
  ['Online', 0.55],
  ['Retail Store', 0.3],
  ['Partner', 0.15],
];
const SEGMENTS: [string, number][] = [
  ['Consumer', 0.5],
  ['Corporate', 0.32],
  ['Small Business', 0.18],
];

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

function weighted<T>(rnd: () => number, items: [T, ...unknown[]][], weightAt: number): T {
  const total = items.reduce((s, i) => s + (i[weightAt] as number), 0);
  let r = rnd() * total;
  for (const item of items) {
    r -= item[weightAt] as number;
    if (r <= 0) return item[0];
  }
  return items[items.length - 1]![0];
}

/** Monday of the week containing `t` (UTC). */
const mondayOf = (t: number) => t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;

export function generateRetailDemo(
  dir: string,
  options: { end?: Date; seed?: number; ordersPerDay?: number; anomalies?: boolean } = {},
) {
  const rnd = prng(options.seed ?? 20261122);
  const end = Date.UTC(
    (options.end ?? new Date()).getUTCFullYear(),
    (options.end ?? new Date()).getUTCMonth(),
    (options.end ?? new Date()).getUTCDate(),
  );
  const start = Date.UTC(
    new Date(end).getUTCFullYear() - 2,
    new Date(end).getUTCMonth(),
    new Date(end).getUTCDate(),
  );
  // The anomalies cover the last three complete weeks before the current week.
  const anomalyTo = mondayOf(end) - DAY;
  const anomalyFrom = anomalyTo - 20 * DAY;
  const anomalies: DemoAnomaly[] = [
    {
      kind: 'regional_revenue_drop',
      metric: 'revenue',
      attribute: 'region',
      value: 'Europe',
      from: iso(anomalyFrom),
      to: iso(anomalyTo),
      description: 'Europe loses about 40 % of its orders',
    },
    {
      kind: 'category_return_spike',
      metric: 'return_rate',
      attribute: 'category',
      value: 'Electronics',
      from: iso(anomalyFrom),
      to: iso(anomalyTo),
      description: 'Electronics returns rise from about 4 % to about 30 %',
    },
  ];
  const base = options.ordersPerDay ?? 90;
  const lines = [
    'order_id,order_date,region,country,channel,customer_segment,product,category,quantity,unit_price,discount,revenue,cost,profit,returned',
  ];
  let id = 0;
  for (let t = start; t <= end; t += DAY) {
    const date = new Date(t);
    const dow = date.getUTCDay();
    const month = date.getUTCMonth();
    const years = (t - start) / (365 * DAY);
    const weekly = dow === 0 || dow === 6 ? 1.25 : dow === 1 ? 0.85 : 1;
    const yearly =
      1 + 0.18 * Math.cos(((month - 11) / 12) * 2 * Math.PI) + (month === 10 || month === 11 ? 0.15 : 0);
    const trend = 1 + 0.12 * years;
    const expected = base * weekly * yearly * trend * (0.9 + rnd() * 0.2);
    const inAnomaly = options.anomalies !== false && t >= anomalyFrom && t <= anomalyTo;
    const count = Math.round(expected);
    for (let i = 0; i < count; i++) {
      const region = weighted(rnd, REGIONS, 2);
      if (inAnomaly && region === 'Europe' && rnd() < 0.4) continue;
      const countries = REGIONS.find((r) => r[0] === region)![1];
      const country = countries[Math.floor(rnd() * countries.length)]!;
      const categoryEntry = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)]!;
      const [category, products, costRatio] = categoryEntry;
      const [product, listPrice] = products[Math.floor(rnd() * products.length)]!;
      const channel = weighted(rnd, CHANNELS, 1);
      const segment = weighted(rnd, SEGMENTS, 1);
      const quantity = segment === 'Corporate' ? 1 + Math.floor(rnd() * 8) : 1 + Math.floor(rnd() * 3);
      const unitPrice = Math.round(listPrice * (0.95 + rnd() * 0.1) * 100) / 100;
      const discount =
        channel === 'Partner'
          ? 0.1 + Math.round(rnd() * 10) / 100
          : rnd() < 0.2
            ? Math.round(rnd() * 15) / 100
            : 0;
      const revenue = Math.round(quantity * unitPrice * (1 - discount) * 100) / 100;
      const cost = Math.round(quantity * listPrice * costRatio * (0.95 + rnd() * 0.1) * 100) / 100;
      const returnRate = inAnomaly && category === 'Electronics' ? 0.3 : category === 'Apparel' ? 0.07 : 0.04;
      const returned = rnd() < returnRate;
      id++;
      lines.push(
        `${id},${iso(t)},${region},${country},${channel},${segment},${product},${category},${quantity},${unitPrice},${discount},${revenue},${cost},${Math.round((revenue - cost) * 100) / 100},${returned}`,
      );
    }
  }
  fs.mkdirSync(dir, { recursive: true });
  const csvPath = path.join(dir, 'orders.csv');
  fs.writeFileSync(csvPath, lines.join('\n') + '\n');
  const injected = options.anomalies === false ? [] : anomalies;
  fs.writeFileSync(
    path.join(dir, 'anomalies.json'),
    JSON.stringify({ generated_for: iso(end), anomalies: injected }, null, 2),
  );
  return { csvPath, rows: id, anomalies: injected };
}
