// The demo dataset "Retail Sales (demo)": a star schema of one fact table and three dimension
// tables, written as CSV files (plus schema.json declaring their keys and anomalies.json naming
// the injected anomalies). Both the server's first-start demo and the engine's tests use it.
//
// Usage: tsx packages/engine/src/demo/retail-demo.ts --out DIR [--end YYYY-MM-DD] [--seed N]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The tables (exact names other parts of Catalyst rely on):
 *  - orders (fact): order_id, order_date, customer_id, product_id, store_id, channel, quantity,
 *    unit_price, discount, revenue, cost, profit, returned
 *  - customers: customer_id, customer_name, customer_segment, signup_date
 *  - products: product_id, product_name, category, list_price
 *  - stores: store_id, store_name, city, country, region
 *
 * 24 months of orders ending on `end`, with weekly and yearly seasonality, a growth trend and
 * noise, and two anomalies over the last 3 complete weeks before the week of `end`:
 *  - a regional revenue drop: stores in Europe lose ~40 % of their orders;
 *  - a category return spike: returns of Electronics products jump from ~4 % to ~30 %.
 * Deterministic for a given (seed, end).
 */
export const DEMO_TABLES = ['orders', 'customers', 'products', 'stores'] as const;
export type DemoTable = (typeof DEMO_TABLES)[number];

export interface DemoAnomaly {
  kind: 'regional_revenue_drop' | 'category_return_spike';
  metric: 'revenue' | 'return_rate';
  /** The attribute and the table it lives in (a dimension table of orders). */
  attribute: 'region' | 'category';
  table: 'stores' | 'products';
  value: string;
  from: string;
  to: string;
  description: string;
}

export interface DemoOptions {
  end?: Date;
  seed?: number;
  ordersPerDay?: number;
  /** false: the same data without the two injected anomalies. */
  anomalies?: boolean;
  customers?: number;
}

export interface GeneratedDemo {
  dir: string;
  /** One CSV file per table, in DEMO_TABLES order. */
  files: { table: DemoTable; path: string; rows: number }[];
  /** Rows of the orders table. */
  rows: number;
  anomalies: DemoAnomaly[];
}

/** Declared keys of the star schema (what a warehouse would report as primary and foreign keys). */
export const DEMO_KEYS = {
  primaryKeys: {
    orders: ['order_id'],
    customers: ['customer_id'],
    products: ['product_id'],
    stores: ['store_id'],
  },
  foreignKeys: [
    { table: 'orders', column: 'customer_id', refTable: 'customers', refColumn: 'customer_id' },
    { table: 'orders', column: 'product_id', refTable: 'products', refColumn: 'product_id' },
    { table: 'orders', column: 'store_id', refTable: 'stores', refColumn: 'store_id' },
  ],
} as const;

/** Mulberry32: a small seeded PRNG, so the data (and the tests' numbers) never change. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Region, its share of orders, and its countries with the cities that have a store. */
const REGIONS: [string, number, [string, string[]][]][] = [
  [
    'Europe',
    0.3,
    [
      ['Germany', ['Berlin', 'Munich']],
      ['France', ['Paris', 'Lyon']],
      ['United Kingdom', ['London', 'Manchester']],
      ['Spain', ['Madrid']],
      ['Italy', ['Milan']],
    ],
  ],
  [
    'North America',
    0.32,
    [
      ['United States', ['New York', 'Chicago', 'Los Angeles']],
      ['Canada', ['Toronto']],
      ['Mexico', ['Mexico City']],
    ],
  ],
  [
    'Asia',
    0.24,
    [
      ['Japan', ['Tokyo']],
      ['India', ['Mumbai', 'Bangalore']],
      ['Singapore', ['Singapore']],
      ['South Korea', ['Seoul']],
    ],
  ],
  [
    'Latin America',
    0.08,
    [
      ['Brazil', ['Sao Paulo']],
      ['Argentina', ['Buenos Aires']],
      ['Chile', ['Santiago']],
    ],
  ],
  [
    'Oceania',
    0.06,
    [
      ['Australia', ['Sydney', 'Melbourne']],
      ['New Zealand', ['Auckland']],
    ],
  ],
];
/** Category, its products with list prices, and its cost as a share of the list price. */
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
// 40 x 50 = 2,000 distinct full names.
const FIRST = (
  'Ada Ben Chloe Dev Eva Finn Gia Hugo Iris Jon Kai Lena Milo Nora Omar Pia Quinn Rosa Sami Tara ' +
  'Uma Victor Wen Xavier Yara Zoe Aaron Bianca Carlos Dana Elif Felix Grace Hana Ivan Julia Kofi Lucia Mateo Nina'
).split(' ');
const LAST = (
  'Smith Garcia Kim Okafor Rossi Novak Tanaka Dubois Silva Berg Meyer Patel Chen Haddad Kowalski ' +
  'Jensen Murphy Costa Nakamura Schmidt Moreau Lopez Ivanova Brown Wilson Sato Ahmed Larsen Fischer Romano ' +
  'Lee Martin Santos Weber Nielsen Park Hughes Ortiz Yilmaz Khan Dias Mendes Varga Horvat Lind Popescu Reyes Singh Walsh Zhou'
).split(' ');

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Monday of the week containing `t` (UTC). */
const mondayOf = (t: number) => t - ((new Date(t).getUTCDay() + 6) % 7) * DAY;

function weighted<T>(rnd: () => number, items: [T, number, ...unknown[]][]): T {
  const total = items.reduce((s, i) => s + i[1], 0);
  let r = rnd() * total;
  for (const item of items) {
    r -= item[1];
    if (r <= 0) return item[0];
  }
  return items[items.length - 1]![0];
}

const csvValue = (v: string | number | boolean) =>
  typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
const csvLine = (values: (string | number | boolean)[]) => values.map(csvValue).join(',');

interface Store {
  id: number;
  region: string;
  country: string;
}
interface Customer {
  id: number;
  segment: string;
  signup: number;
}

function makeStores(): { stores: Store[]; lines: string[] } {
  const stores: Store[] = [];
  const lines = ['store_id,store_name,city,country,region'];
  for (const [region, , countries] of REGIONS)
    for (const [country, cities] of countries)
      for (const city of cities) {
        const id = stores.length + 1;
        stores.push({ id, region, country });
        lines.push(csvLine([id, `${city} Store`, city, country, region]));
      }
  return { stores, lines };
}

function makeProducts() {
  const products: { id: number; category: string; listPrice: number; costRatio: number }[] = [];
  const lines = ['product_id,product_name,category,list_price'];
  for (const [category, items, costRatio] of CATEGORIES)
    for (const [name, listPrice] of items) {
      const id = products.length + 1;
      products.push({ id, category, listPrice, costRatio });
      lines.push(csvLine([id, name, category, listPrice]));
    }
  return { products, lines };
}

/** Customers in a segment by signup date: a third signed up in the year before the data starts. */
function makeCustomers(rnd: () => number, count: number, start: number, end: number) {
  const names = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [names[i], names[j]] = [names[j]!, names[i]!];
  }
  const customers: Customer[] = [];
  const lines = ['customer_id,customer_name,customer_segment,signup_date'];
  for (let i = 0; i < count; i++) {
    const segment = weighted(rnd, SEGMENTS);
    const early = rnd() < 0.35;
    const signup = early
      ? start - Math.floor(rnd() * 365) * DAY
      : start + Math.floor(rnd() * ((end - start) / DAY - 7)) * DAY;
    const name = names[i % names.length]! + (i >= names.length ? ` ${Math.floor(i / names.length) + 1}` : '');
    customers.push({ id: i + 1, segment, signup });
    lines.push(csvLine([i + 1, name, segment, iso(signup)]));
  }
  const bySegment = new Map(
    SEGMENTS.map(([s]) => [s, customers.filter((c) => c.segment === s).sort((a, b) => a.signup - b.signup)]),
  );
  return { lines, bySegment };
}

export function generateRetailDemo(dir: string, options: DemoOptions = {}): GeneratedDemo {
  const rnd = prng(options.seed ?? 20261122);
  const endDate = options.end ?? new Date();
  const end = Date.UTC(endDate.getUTCFullYear(), endDate.getUTCMonth(), endDate.getUTCDate());
  const start = Date.UTC(
    new Date(end).getUTCFullYear() - 2,
    new Date(end).getUTCMonth(),
    new Date(end).getUTCDate(),
  );
  // The anomalies cover the last three complete weeks before the current week.
  const anomalyTo = mondayOf(end) - DAY;
  const anomalyFrom = anomalyTo - 20 * DAY;
  const injected = options.anomalies !== false;
  const anomalies: DemoAnomaly[] = injected
    ? [
        {
          kind: 'regional_revenue_drop',
          metric: 'revenue',
          attribute: 'region',
          table: 'stores',
          value: 'Europe',
          from: iso(anomalyFrom),
          to: iso(anomalyTo),
          description: 'Stores in Europe lose about 40 % of their orders',
        },
        {
          kind: 'category_return_spike',
          metric: 'return_rate',
          attribute: 'category',
          table: 'products',
          value: 'Electronics',
          from: iso(anomalyFrom),
          to: iso(anomalyTo),
          description: 'Returns of Electronics rise from about 4 % to about 30 %',
        },
      ]
    : [];

  const stores = makeStores();
  const products = makeProducts();
  const customers = makeCustomers(rnd, options.customers ?? 2000, start, end);
  const storesOf = new Map<string, Store[]>();
  for (const s of stores.stores) storesOf.set(s.country, [...(storesOf.get(s.country) ?? []), s]);
  const signedUp = new Map(SEGMENTS.map(([s]) => [s, 0]));

  const base = options.ordersPerDay ?? 90;
  const orders = [
    'order_id,order_date,customer_id,product_id,store_id,channel,quantity,unit_price,discount,revenue,cost,profit,returned',
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
    const count = Math.round(base * weekly * yearly * trend * (0.9 + rnd() * 0.2));
    const inAnomaly = injected && t >= anomalyFrom && t <= anomalyTo;
    for (const [segment, list] of customers.bySegment) {
      let n = signedUp.get(segment)!;
      while (n < list.length && list[n]!.signup <= t) n++;
      signedUp.set(segment, n);
    }
    for (let i = 0; i < count; i++) {
      const region = weighted(rnd, REGIONS);
      const countries = REGIONS.find((r) => r[0] === region)![2];
      if (inAnomaly && region === 'Europe' && rnd() < 0.4) continue;
      const [country] = countries[Math.floor(rnd() * countries.length)]!;
      const local = storesOf.get(country)!;
      const store = local[Math.floor(rnd() * local.length)]!;
      const category = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)]![0];
      const inCategory = products.products.filter((p) => p.category === category);
      const product = inCategory[Math.floor(rnd() * inCategory.length)]!;
      const channel = weighted(rnd, CHANNELS);
      const segment = weighted(rnd, SEGMENTS);
      const pool = customers.bySegment.get(segment)!;
      const customer = pool[Math.floor(rnd() * Math.max(1, signedUp.get(segment)!))]!;
      const quantity = segment === 'Corporate' ? 1 + Math.floor(rnd() * 8) : 1 + Math.floor(rnd() * 3);
      const unitPrice = Math.round(product.listPrice * (0.95 + rnd() * 0.1) * 100) / 100;
      const discount =
        channel === 'Partner'
          ? 0.1 + Math.round(rnd() * 10) / 100
          : rnd() < 0.2
            ? Math.round(rnd() * 15) / 100
            : 0;
      const revenue = Math.round(quantity * unitPrice * (1 - discount) * 100) / 100;
      const cost =
        Math.round(quantity * product.listPrice * product.costRatio * (0.95 + rnd() * 0.1) * 100) / 100;
      const returnRate = inAnomaly && category === 'Electronics' ? 0.3 : category === 'Apparel' ? 0.07 : 0.04;
      const returned = rnd() < returnRate;
      id++;
      orders.push(
        csvLine([
          id,
          iso(t),
          customer.id,
          product.id,
          store.id,
          channel,
          quantity,
          unitPrice,
          discount,
          revenue,
          cost,
          Math.round((revenue - cost) * 100) / 100,
          returned,
        ]),
      );
    }
  }

  fs.mkdirSync(dir, { recursive: true });
  const contents: Record<DemoTable, string[]> = {
    orders,
    customers: customers.lines,
    products: products.lines,
    stores: stores.lines,
  };
  const files = DEMO_TABLES.map((table) => {
    const file = path.join(dir, `${table}.csv`);
    fs.writeFileSync(file, contents[table].join('\n') + '\n');
    return { table, path: file, rows: contents[table].length - 1 };
  });
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schemaJson(), null, 1));
  fs.writeFileSync(
    path.join(dir, 'anomalies.json'),
    JSON.stringify({ generated_for: iso(end), anomalies }, null, 2),
  );
  return { dir, files, rows: id, anomalies };
}

/** schema.json in the layout of the evaluation data directories (read by `loadDataDir`). */
function schemaJson() {
  const types: Record<DemoTable, [string, string][]> = {
    orders: [
      ['order_id', 'INTEGER'],
      ['order_date', 'DATE'],
      ['customer_id', 'INTEGER'],
      ['product_id', 'INTEGER'],
      ['store_id', 'INTEGER'],
      ['channel', 'TEXT'],
      ['quantity', 'INTEGER'],
      ['unit_price', 'REAL'],
      ['discount', 'REAL'],
      ['revenue', 'REAL'],
      ['cost', 'REAL'],
      ['profit', 'REAL'],
      ['returned', 'BOOLEAN'],
    ],
    customers: [
      ['customer_id', 'INTEGER'],
      ['customer_name', 'TEXT'],
      ['customer_segment', 'TEXT'],
      ['signup_date', 'DATE'],
    ],
    products: [
      ['product_id', 'INTEGER'],
      ['product_name', 'TEXT'],
      ['category', 'TEXT'],
      ['list_price', 'REAL'],
    ],
    stores: [
      ['store_id', 'INTEGER'],
      ['store_name', 'TEXT'],
      ['city', 'TEXT'],
      ['country', 'TEXT'],
      ['region', 'TEXT'],
    ],
  };
  return {
    tables: DEMO_TABLES.map((name) => ({
      name,
      columns: types[name].map(([column, type]) => ({ name: column, type })),
      primary_key: [...DEMO_KEYS.primaryKeys[name]],
      foreign_keys: DEMO_KEYS.foreignKeys
        .filter((k) => k.table === name)
        .map((k) => ({ column: k.column, ref_table: k.refTable, ref_column: k.refColumn })),
    })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const out = arg('--out');
  if (!out) throw new Error('usage: retail-demo.ts --out DIR [--end YYYY-MM-DD] [--seed N]');
  const end = arg('--end');
  const demo = generateRetailDemo(out, {
    end: end ? new Date(`${end}T00:00:00Z`) : undefined,
    seed: arg('--seed') ? Number(arg('--seed')) : undefined,
  });
  console.log(`wrote ${demo.rows} orders and their customers, products and stores to ${out}`);
}
