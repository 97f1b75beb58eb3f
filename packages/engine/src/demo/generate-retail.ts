// Generates the deterministic demo retail dataset (orders, customers, products, regions) as
// CSV files plus schema.json, two years of orders ending November 2026.
// Usage: tsx packages/engine/src/demo/generate-retail.ts --out DIR [--orders N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

export const REGIONS = ['Europe', 'Asia', 'North America', 'South America', 'Africa', 'Oceania'];
const CATEGORIES = ['Electronics', 'Furniture', 'Clothing', 'Groceries', 'Toys'];
const SEGMENTS = ['Consumer', 'Corporate', 'Small Business'];
const STATUSES = ['completed', 'completed', 'completed', 'returned', 'cancelled'];
const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Eva',
  'Finn',
  'Gia',
  'Hugo',
  'Iris',
  'Jon',
  'Kai',
  'Lena',
  'Milo',
  'Nora',
  'Omar',
  'Pia',
];
const LAST = ['Smith', 'Garcia', 'Kim', 'Okafor', 'Rossi', 'Novak', 'Tanaka', 'Dubois', 'Silva', 'Berg'];

const csv = (rows: (string | number)[][]): string =>
  rows
    .map((r) =>
      r
        .map((v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v)))
        .join(','),
    )
    .join('\n') + '\n';

export function generateRetail(dir: string, orderCount = 6000, seed = 42): void {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'regions.csv'),
    csv([['region_id', 'region_name'], ...REGIONS.map((r, i) => [i + 1, r])]),
  );
  const customers: (string | number)[][] = [];
  for (let i = 1; i <= 400; i++)
    customers.push([
      i,
      `${pick(FIRST)} ${pick(LAST)} ${i}`,
      Math.floor(rnd() * REGIONS.length) + 1,
      pick(SEGMENTS),
      18 + Math.floor(rnd() * 60),
    ]);
  writeFileSync(
    join(dir, 'customers.csv'),
    csv([['customer_id', 'customer_name', 'region_id', 'segment', 'age'], ...customers]),
  );
  const products: (string | number)[][] = [];
  for (let i = 1; i <= 60; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    products.push([i, `${category} item ${i}`, category, Math.round((5 + rnd() * 495) * 100) / 100]);
  }
  writeFileSync(
    join(dir, 'products.csv'),
    csv([['product_id', 'product_name', 'category', 'unit_price'], ...products]),
  );
  const start = Date.UTC(2024, 11, 1);
  const days = Math.round((Date.UTC(2026, 11, 1) - start) / 86_400_000);
  const orders: (string | number)[][] = [];
  for (let i = 1; i <= orderCount; i++) {
    const c = customers[Math.floor(rnd() * customers.length)]!;
    const p = products[Math.floor(rnd() * products.length)]!;
    // Later days are a little busier: a gentle growth trend.
    const day = Math.floor(Math.sqrt(rnd()) * days);
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const quantity = 1 + Math.floor(rnd() * 5);
    const revenue = Math.round(Number(p[3]) * quantity * 100) / 100;
    const cost = Math.round(revenue * (0.5 + rnd() * 0.3) * 100) / 100;
    orders.push([
      i,
      date,
      c[0]!,
      p[0]!,
      REGIONS[Number(c[2]) - 1]!,
      String(p[2]),
      pick(STATUSES),
      quantity,
      revenue,
      cost,
      Math.round((revenue - cost) * 100) / 100,
    ]);
  }
  writeFileSync(
    join(dir, 'orders.csv'),
    csv([
      [
        'order_id',
        'order_date',
        'customer_id',
        'product_id',
        'region',
        'category',
        'status',
        'quantity',
        'revenue',
        'cost',
        'profit',
      ],
      ...orders,
    ]),
  );
  const col = (name: string, type: string) => ({ name, type });
  writeFileSync(
    join(dir, 'schema.json'),
    JSON.stringify(
      {
        tables: [
          {
            name: 'regions',
            columns: [col('region_id', 'INTEGER'), col('region_name', 'TEXT')],
            primary_key: ['region_id'],
            foreign_keys: [],
          },
          {
            name: 'customers',
            columns: [
              col('customer_id', 'INTEGER'),
              col('customer_name', 'TEXT'),
              col('region_id', 'INTEGER'),
              col('segment', 'TEXT'),
              col('age', 'INTEGER'),
            ],
            primary_key: ['customer_id'],
            foreign_keys: [{ column: 'region_id', ref_table: 'regions', ref_column: 'region_id' }],
          },
          {
            name: 'products',
            columns: [
              col('product_id', 'INTEGER'),
              col('product_name', 'TEXT'),
              col('category', 'TEXT'),
              col('unit_price', 'REAL'),
            ],
            primary_key: ['product_id'],
            foreign_keys: [],
          },
          {
            name: 'orders',
            columns: [
              col('order_id', 'INTEGER'),
              col('order_date', 'DATE'),
              col('customer_id', 'INTEGER'),
              col('product_id', 'INTEGER'),
              col('region', 'TEXT'),
              col('category', 'TEXT'),
              col('status', 'TEXT'),
              col('quantity', 'INTEGER'),
              col('revenue', 'REAL'),
              col('cost', 'REAL'),
              col('profit', 'REAL'),
            ],
            primary_key: ['order_id'],
            foreign_keys: [
              { column: 'customer_id', ref_table: 'customers', ref_column: 'customer_id' },
              { column: 'product_id', ref_table: 'products', ref_column: 'product_id' },
            ],
          },
        ],
      },
      null,
      1,
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const out = args[args.indexOf('--out') + 1];
  if (!out || args.indexOf('--out') < 0) throw new Error('usage: generate-retail.ts --out DIR [--orders N]');
  const n = args.includes('--orders') ? Number(args[args.indexOf('--orders') + 1]) : 6000;
  generateRetail(out, n);
  console.log(`wrote the demo retail data to ${out}`);
}
