// Two multi-table business databases for the multi-table fresh eval set
// (packages/engine/eval/multi-fresh), the kind a company connects with its keys declared:
//  - shop: an online store — customers, products, orders, order_items (order lines), reviews;
//  - saas: a software company — accounts, users, subscriptions, invoices, support tickets.
// Written as CSV files plus a schema.json declaring primary and foreign keys, exported the day
// before the eval clock (2026-11-22). Deterministic (a seeded PRNG), so the set's gold rows never
// change. Patterns so answers are not uniform: marketplace orders are cancelled more often, a few
// products were discontinued in 2025 or never sold, some products are never reviewed; enterprise
// accounts open more and more urgent tickets and get them solved sooner, some accounts are slow
// payers, recent paid accounts have no invoice yet.
// Usage: tsx packages/engine/src/eval/domains/generate-multi-fresh.ts --out DIR  (writes DIR/<db>/)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../demo/retail-demo';
import { DAY, iso, round, gauss, expo, weighted, dayBetween, writeCsv, type Cell } from './sampling';

/** The first and the last day of data (the day before the eval clock). */
const FIRST_DAY = Date.UTC(2024, 0, 1);
const LAST_DAY = Date.UTC(2026, 10, 21);
/** A Poisson draw (Knuth; small means only). */
function poisson(rnd: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rnd();
  while (p > limit) {
    k++;
    p *= rnd();
  }
  return k;
}
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

/** The same day of the month `months` later (clamped to the month's last day). */
function addMonths(t: number, months: number): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last));
}

interface TableSchema {
  name: string;
  columns: { name: string; type: string }[];
  primary_key: string[];
  foreign_keys?: { column: string; ref_table: string; ref_column: string }[];
}

/** Writes a table's CSV and returns its schema entry. */
function table(
  dir: string,
  name: string,
  columns: [string, string][],
  rows: Cell[][],
  foreignKeys: [string, string, string][] = [],
): TableSchema {
  writeCsv(
    join(dir, `${name}.csv`),
    columns.map(([c]) => c),
    rows,
  );
  return {
    name,
    columns: columns.map(([c, type]) => ({ name: c, type })),
    primary_key: [columns[0]![0]],
    ...(foreignKeys.length
      ? {
          foreign_keys: foreignKeys.map(([column, ref_table, ref_column]) => ({
            column,
            ref_table,
            ref_column,
          })),
        }
      : {}),
  };
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Ethan',
  'Sophia',
  'Mateo',
  'Isabella',
  'Leo',
  'Amelia',
  'Elias',
  'Charlotte',
  'Oscar',
  'Harper',
  'Felix',
  'Chloe',
  'Hugo',
  'Nora',
  'Jonas',
  'Lea',
  'Arjun',
  'Priya',
  'Kenji',
  'Yuki',
  'Carlos',
  'Lucia',
  'Marco',
  'Giulia',
  'Omar',
  'Layla',
  'Daniel',
  'Sarah',
  'Thomas',
  'Anna',
  'Samuel',
  'Grace',
  'Henry',
  'Zoe',
  'Martin',
  'Clara',
  'Victor',
  'Ines',
  'Pablo',
  'Elena',
  'Adam',
  'Maya',
  'Ryan',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Lee',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Lopez',
  'Hill',
  'Scott',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  'Mitchell',
  'Roberts',
  'Turner',
  'Phillips',
  'Campbell',
  'Parker',
  'Evans',
  'Edwards',
  'Collins',
  'Stewart',
  'Morris',
  'Murphy',
  'Cook',
  'Rogers',
  'Morgan',
  'Cooper',
  'Peterson',
  'Reed',
  'Bailey',
  'Bell',
  'Kelly',
  'Howard',
  'Ward',
  'Fischer',
  'Weber',
  'Schmidt',
  'Dubois',
  'Moreau',
  'Rossi',
  'Novak',
  'Sato',
  'Tanaka',
  'Singh',
  'Patel',
  'Khan',
  'Silva',
  'Santos',
  'Costa',
  'Nguyen',
];

/** Unique "First Last" names. */
function people(rnd: () => number, count: number): { first: string; last: string }[] {
  const seen = new Set<string>();
  const out: { first: string; last: string }[] = [];
  while (out.length < count) {
    const first = pick(rnd, FIRST_NAMES);
    const last = pick(rnd, LAST_NAMES);
    if (seen.has(`${first} ${last}`)) continue;
    seen.add(`${first} ${last}`);
    out.push({ first, last });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// shop: an online store

// country, share, cancellation factor, cities
const SHOP_COUNTRIES: [string, number, number, string[]][] = [
  ['United States', 30, 1, ['New York', 'Chicago', 'Austin', 'Seattle', 'Denver']],
  ['United Kingdom', 16, 0.8, ['London', 'Manchester', 'Leeds', 'Bristol']],
  ['Germany', 14, 0.6, ['Berlin', 'Munich', 'Hamburg', 'Cologne']],
  ['France', 10, 1.1, ['Paris', 'Lyon', 'Marseille']],
  ['Canada', 11, 0.9, ['Toronto', 'Vancouver', 'Montreal']],
  ['Australia', 9, 1.3, ['Sydney', 'Melbourne', 'Brisbane']],
  ['Spain', 10, 1.7, ['Madrid', 'Barcelona', 'Valencia']],
];
// segment, share, order rate factor, items factor
const SEGMENTS: [string, number, number, number][] = [
  ['Consumer', 68, 1, 1],
  ['Small Business', 22, 1.4, 1.5],
  ['Corporate', 10, 1.9, 2.1],
];
const PERSONAL_DOMAINS: [string, number][] = [
  ['gmail.com', 38],
  ['outlook.com', 17],
  ['yahoo.com', 12],
  ['icloud.com', 11],
  ['hotmail.com', 8],
  ['proton.me', 4],
];
const COMPANY_DOMAINS = [
  'acmeworks.com',
  'brightpath.io',
  'northwind.com',
  'lumen-labs.com',
  'harborline.co',
  'tallpine.com',
  'quillstone.io',
  'redfern.co.uk',
  'bluecanal.de',
  'orbitfield.com',
];
// channel, share, cancellation chance, refund chance, chance of a discount, basket size factor
const SHOP_CHANNELS: [string, number, number, number, number, number][] = [
  ['web', 50, 0.07, 0.05, 0.3, 1.15],
  ['mobile app', 32, 0.05, 0.04, 0.38, 0.75],
  ['marketplace', 18, 0.15, 0.09, 0.22, 0.95],
];
// name, category, list price, popularity, mean rating, review chance, first and last day on sale
type Product = [string, string, number, number, number, number, number?, number?];
const PRODUCTS: Product[] = [
  ['Wireless Earbuds', 'Electronics', 79.99, 9, 4.1, 0.32],
  ['Noise-Cancelling Headphones', 'Electronics', 199, 6, 4.5, 0.38],
  ['Bluetooth Speaker', 'Electronics', 59.99, 7, 3.9, 0.28],
  ['USB-C Charger', 'Electronics', 24.99, 10, 4, 0],
  ['Smart Watch', 'Electronics', 249, 5, 3.6, 0.4],
  ['Smart Plug', 'Electronics', 19.99, 6, 3.2, 0.22],
  ['Smart Bulb', 'Electronics', 14.99, 7, 3.8, 0.18],
  ['Portable SSD 1TB', 'Electronics', 109, 4, 4.6, 0.3],
  ['HD Webcam', 'Electronics', 69.99, 4, 3.3, 0.3, undefined, Date.UTC(2025, 8, 30)],
  ['Mechanical Keyboard', 'Electronics', 89.99, 5, 4.4, 0.35],
  ['Wireless Mouse', 'Electronics', 29.99, 8, 4.2, 0.2],
  ['E-Reader', 'Electronics', 139, 4, 4.3, 0.33],
  ['Wi-Fi Thermostat', 'Electronics', 179, 0, 4, 0],
  ["Chef's Knife", 'Home & Kitchen', 49.99, 5, 4.7, 0.3],
  ['Cast Iron Skillet', 'Home & Kitchen', 39.99, 6, 4.5, 0.26],
  ['French Press', 'Home & Kitchen', 29.99, 5, 4, 0.22],
  ['Electric Kettle', 'Home & Kitchen', 44.99, 5, 3.7, 0.24],
  ['Smart Scale', 'Home & Kitchen', 34.99, 3, 3.1, 0.3],
  ['Bamboo Cutting Board', 'Home & Kitchen', 24.99, 4, 4.2, 0],
  ['Stand Mixer', 'Home & Kitchen', 299, 2, 4.6, 0.42],
  ['Air Fryer', 'Home & Kitchen', 119, 6, 4.3, 0.36],
  ['Linen Bedsheet Set', 'Home & Kitchen', 89, 3, 3.9, 0.25],
  ['Scented Candle', 'Home & Kitchen', 18.5, 6, 3.5, 0.15],
  ['Ceramic Teapot', 'Home & Kitchen', 38, 0, 4, 0],
  ['The Quiet Analyst', 'Books', 16.99, 5, 4.4, 0.25],
  ['Data Stories', 'Books', 24.99, 4, 4.6, 0.3],
  ['Ocean of Numbers', 'Books', 14.99, 3, 3.4, 0.22],
  ['Cooking for Two', 'Books', 21.5, 4, 4.1, 0.2],
  ['Mountain Trails Guide', 'Books', 19.99, 3, 4.2, 0.18],
  ['Startup Notes', 'Books', 17.99, 3, 3.8, 0.2],
  ['Garden Year', 'Books', 22, 2, 4.5, 0.24],
  ['Midnight Library Tales', 'Books', 12.99, 3, 3.9, 0.2, undefined, Date.UTC(2025, 5, 30)],
  ['Merino Sweater', 'Clothing', 89, 4, 4.3, 0.22],
  ['Rain Jacket', 'Clothing', 129, 4, 4, 0.25],
  ['Running Tee', 'Clothing', 29, 7, 3.9, 0.16],
  ['Denim Jeans', 'Clothing', 69, 6, 3.6, 0.2],
  ['Wool Socks 3-Pack', 'Clothing', 19.5, 8, 4.4, 0],
  ['Canvas Sneakers', 'Clothing', 59, 5, 3.8, 0.22],
  ['Leather Belt', 'Clothing', 39, 3, 4.1, 0.14],
  ['Puffer Vest', 'Clothing', 99, 3, 3.4, 0.2, undefined, Date.UTC(2025, 11, 15)],
  ['Yoga Mat', 'Sports', 35, 6, 4.2, 0.24],
  ['Adjustable Dumbbells', 'Sports', 229, 3, 4.5, 0.36],
  ['Resistance Bands', 'Sports', 24, 6, 3.9, 0.2],
  ['Water Bottle', 'Sports', 18, 9, 4.3, 0.12],
  ['Running Shoes', 'Sports', 119, 5, 4.1, 0.3],
  ['Cycling Helmet', 'Sports', 79, 3, 4.4, 0.24],
  ['Tennis Racket', 'Sports', 149, 2, 3.7, 0.28],
  ['Smart Jump Rope', 'Sports', 39.99, 3, 3.3, 0.3],
  ['Golf Glove', 'Sports', 22, 0, 4, 0],
  ['Vitamin C Serum', 'Beauty', 32, 6, 3.8, 0.3],
  ['Hydrating Moisturizer', 'Beauty', 28, 7, 4.3, 0.26],
  ['Sunscreen SPF 50', 'Beauty', 19, 8, 4.1, 0.16],
  ['Shampoo Bar', 'Beauty', 12.5, 5, 3.6, 0.18],
  ['Lip Balm Set', 'Beauty', 9.99, 7, 4.2, 0],
  ['Hair Dryer', 'Beauty', 89, 3, 3.9, 0.32],
  ['Beard Oil', 'Beauty', 16, 3, 3.7, 0.2, undefined, Date.UTC(2025, 2, 31)],
  ['Travel Espresso Maker', 'Home & Kitchen', 64, 5, 4.4, 0.3, Date.UTC(2026, 9, 1)],
];
// Books and beauty products are bought several at a time.
const MULTI_UNIT = new Set(['Books', 'Beauty', 'Sports']);

function shop(dir: string): void {
  const rnd = prng(4711);
  mkdirSync(dir, { recursive: true });

  // Customers, signed up over the whole period (more lately); each with an order rate.
  const names = people(rnd, 880);
  const customers = names.map(({ first, last }, i) => {
    const [country, , cancelFactor, cities] = weighted(
      rnd,
      SHOP_COUNTRIES.map((c) => [c, c[1]] as const),
    );
    const [segment, , rateFactor, itemsFactor] = weighted(
      rnd,
      SEGMENTS.map((s) => [s, s[1]] as const),
    );
    const business = segment !== 'Consumer' && rnd() < 0.7;
    const domain = business ? pick(rnd, COMPANY_DOMAINS) : weighted(rnd, PERSONAL_DOMAINS);
    const local = business
      ? `${first[0]}.${last}`.toLowerCase()
      : `${first}.${last}${rnd() < 0.3 ? Math.floor(rnd() * 90 + 10) : ''}`.toLowerCase();
    const signup = dayBetween(rnd, FIRST_DAY, LAST_DAY - 2 * DAY, 1.5);
    // One in 40 customers never orders; the others order at least once, at a rate per year that
    // varies a lot.
    const rate = rnd() < 1 / 40 ? 0 : rateFactor * Math.exp(Math.log(1.7) + 0.75 * gauss(rnd));
    return {
      id: i + 1,
      name: `${first} ${last}`,
      email: `${local}@${domain}`,
      country,
      city: pick(rnd, cities),
      signup,
      segment,
      cancelFactor,
      itemsFactor,
      rate,
    };
  });

  const products = PRODUCTS.map(([name, category, price, popularity, rating, reviewChance, from, to], i) => ({
    id: 101 + i,
    name,
    category,
    price,
    popularity,
    rating,
    reviewChance,
    from: from ?? FIRST_DAY,
    to: to ?? LAST_DAY,
  }));

  const orders: Cell[][] = [];
  const items: Cell[][] = [];
  const reviews: Cell[][] = [];
  const reviewed = new Set<string>();
  const drafts: { customer: (typeof customers)[number]; day: number }[] = [];
  for (const c of customers) {
    const years = (LAST_DAY - c.signup) / (365 * DAY);
    const n = c.rate === 0 ? 0 : Math.max(1, poisson(rnd, c.rate * years));
    for (let k = 0; k < n; k++) {
      // The first order often comes within days of signing up; later ones anywhere after it,
      // more of them in November and December.
      let day: number;
      if (k === 0 && rnd() < 0.6) day = Math.min(LAST_DAY, c.signup + Math.floor(expo(rnd, 6)) * DAY);
      else
        for (;;) {
          day = dayBetween(rnd, c.signup, LAST_DAY);
          const month = new Date(day).getUTCMonth();
          if (rnd() < (month >= 10 ? 1 : 0.68)) break;
        }
      drafts.push({ customer: c, day });
    }
  }
  drafts.sort((a, b) => a.day - b.day || a.customer.id - b.customer.id);
  for (const { customer: c, day } of drafts) {
    const orderId = 50001 + orders.length;
    const [channel, , cancelChance, refundChance, discountChance, basket] = weighted(
      rnd,
      SHOP_CHANNELS.map((ch) => [ch, ch[1]] as const),
    );
    const r = rnd();
    const status =
      r < cancelChance * c.cancelFactor
        ? 'cancelled'
        : r < cancelChance * c.cancelFactor + refundChance
          ? 'refunded'
          : 'completed';
    orders.push([orderId, c.id, iso(day), status, channel]);
    const onSale = products.filter((p) => p.popularity > 0 && p.from <= day && day <= p.to);
    const lines = 1 + Math.min(5, Math.floor(expo(rnd, 0.9 * c.itemsFactor * basket)));
    const inOrder = new Set<number>();
    for (let l = 0; l < lines; l++) {
      const p = weighted(
        rnd,
        onSale.map((x) => [x, x.popularity] as const),
      );
      if (inOrder.has(p.id)) continue;
      inOrder.add(p.id);
      const year = new Date(day).getUTCFullYear();
      // Prices went up 4 % a year.
      const price = round(p.price * (year === 2024 ? 0.96 : year === 2025 ? 1 : 1.04), 2);
      const quantity = MULTI_UNIT.has(p.category)
        ? 1 + Math.min(5, Math.floor(expo(rnd, 0.8 * c.itemsFactor)))
        : rnd() < 0.12 * c.itemsFactor
          ? 2
          : 1;
      const discount = rnd() < discountChance ? pick(rnd, [0.05, 0.1, 0.1, 0.15, 0.2, 0.25]) : 0;
      items.push([0, orderId, p.id, quantity, price, discount]);
      // Reviews of bought products, at most one per customer and product.
      const key = `${c.id}/${p.id}`;
      if (
        status !== 'cancelled' &&
        !reviewed.has(key) &&
        rnd() < p.reviewChance * (status === 'refunded' ? 2 : 1)
      ) {
        const reviewDay = day + Math.floor(3 + expo(rnd, 12)) * DAY;
        if (reviewDay <= LAST_DAY) {
          reviewed.add(key);
          const base = status === 'refunded' ? p.rating - 1.6 : p.rating;
          const rating = Math.max(1, Math.min(5, Math.round(base + 0.95 * gauss(rnd))));
          reviews.push([0, p.id, c.id, rating, iso(reviewDay)]);
        }
      }
    }
  }
  items.forEach((row, i) => (row[0] = 900001 + i));
  reviews.sort((a, b) => (a[4]! < b[4]! ? -1 : a[4]! > b[4]! ? 1 : 0));
  reviews.forEach((row, i) => (row[0] = 7001 + i));

  const schema = {
    tables: [
      table(
        dir,
        'customers',
        [
          ['customer_id', 'INTEGER'],
          ['name', 'TEXT'],
          ['email', 'TEXT'],
          ['country', 'TEXT'],
          ['city', 'TEXT'],
          ['signup_date', 'DATE'],
          ['segment', 'TEXT'],
        ],
        customers.map((c) => [c.id, c.name, c.email, c.country, c.city, iso(c.signup), c.segment]),
      ),
      table(
        dir,
        'products',
        [
          ['product_id', 'INTEGER'],
          ['name', 'TEXT'],
          ['category', 'TEXT'],
          ['unit_price', 'DOUBLE'],
        ],
        products.map((p) => [p.id, p.name, p.category, p.price]),
      ),
      table(
        dir,
        'orders',
        [
          ['order_id', 'INTEGER'],
          ['customer_id', 'INTEGER'],
          ['order_date', 'DATE'],
          ['status', 'TEXT'],
          ['channel', 'TEXT'],
        ],
        orders,
        [['customer_id', 'customers', 'customer_id']],
      ),
      table(
        dir,
        'order_items',
        [
          ['order_item_id', 'INTEGER'],
          ['order_id', 'INTEGER'],
          ['product_id', 'INTEGER'],
          ['quantity', 'INTEGER'],
          ['unit_price', 'DOUBLE'],
          ['discount', 'DOUBLE'],
        ],
        items,
        [
          ['order_id', 'orders', 'order_id'],
          ['product_id', 'products', 'product_id'],
        ],
      ),
      table(
        dir,
        'reviews',
        [
          ['review_id', 'INTEGER'],
          ['product_id', 'INTEGER'],
          ['customer_id', 'INTEGER'],
          ['rating', 'INTEGER'],
          ['review_date', 'DATE'],
        ],
        reviews,
        [
          ['product_id', 'products', 'product_id'],
          ['customer_id', 'customers', 'customer_id'],
        ],
      ),
    ],
  };
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema, null, 1));
}

// ---------------------------------------------------------------------------------------------
// saas: a software company

const ACCOUNT_PREFIXES = [
  'Blue',
  'Bright',
  'North',
  'Silver',
  'Red',
  'Green',
  'Summit',
  'Harbor',
  'Iron',
  'Maple',
  'Nova',
  'Pine',
  'Quantum',
  'River',
  'Stone',
  'Sun',
  'Swift',
  'Oak',
  'Atlas',
  'Cedar',
  'Falcon',
  'Golden',
  'Lakeside',
  'Orbit',
  'Vertex',
  'Willow',
];
const ACCOUNT_SUFFIXES = [
  'Labs',
  'Systems',
  'Analytics',
  'Health',
  'Logistics',
  'Works',
  'Capital',
  'Foods',
  'Media',
  'Retail',
  'Dynamics',
  'Partners',
  'Studio',
  'Solutions',
  'Networks',
  'Energy',
  'Robotics',
  'Learning',
];
// industry, share, ticket factor
const INDUSTRIES: [string, number, number][] = [
  ['Technology', 24, 1.3],
  ['Retail', 16, 0.9],
  ['Healthcare', 13, 1.1],
  ['Finance', 14, 1.2],
  ['Education', 11, 0.7],
  ['Manufacturing', 12, 0.8],
  ['Media', 10, 1],
];
// country, share, chance of paying late
const SAAS_COUNTRIES: [string, number, number][] = [
  ['United States', 38, 0.03],
  ['United Kingdom', 14, 0.025],
  ['Germany', 12, 0.015],
  ['Canada', 9, 0.03],
  ['France', 9, 0.05],
  ['India', 10, 0.07],
  ['Brazil', 8, 0.09],
];
// plan, share, users (min, max), tickets per month, resolution factor, urgent share
const PLANS: [string, number, number, number, number, number, number][] = [
  ['free', 46, 1, 4, 0.12, 1.7, 0.03],
  ['pro', 39, 3, 14, 0.42, 1, 0.08],
  ['enterprise', 15, 10, 38, 1.15, 0.55, 0.16],
];
const TICKET_CATEGORIES: [string, number][] = [
  ['bug', 30],
  ['how-to', 25],
  ['billing', 15],
  ['feature request', 14],
  ['integration', 16],
];
// priority, base share, mean days to resolve
const PRIORITIES: [string, number, number][] = [
  ['low', 30, 9],
  ['medium', 42, 5],
  ['high', 20, 2.6],
  ['urgent', 0, 0.9],
];

function saas(dir: string): void {
  const rnd = prng(4712);
  mkdirSync(dir, { recursive: true });

  const accountNames = new Set<string>();
  const accounts = Array.from({ length: 430 }, (_, i) => {
    let name: string;
    do name = `${pick(rnd, ACCOUNT_PREFIXES)} ${pick(rnd, ACCOUNT_SUFFIXES)}`;
    while (accountNames.has(name));
    accountNames.add(name);
    const [industry, , ticketFactor] = weighted(
      rnd,
      INDUSTRIES.map((x) => [x, x[1]] as const),
    );
    const [country, , lateChance] = weighted(
      rnd,
      SAAS_COUNTRIES.map((x) => [x, x[1]] as const),
    );
    const created = dayBetween(rnd, FIRST_DAY, LAST_DAY - 3 * DAY, 1.4);
    const planRow = weighted(
      rnd,
      PLANS.map((p) => [p, p[1]] as const),
    );
    const tld = weighted(rnd, [
      ['com', 60],
      ['io', 25],
      ['co', 15],
    ] as const);
    return {
      id: 1001 + i,
      name,
      domain: `${name.replace(/ /g, '').toLowerCase()}.${tld}`,
      industry,
      country,
      created,
      planRow,
      plan: planRow[0],
      // How much support the account asks for (a few never do) and how late it pays.
      ticketRate: rnd() < 0.12 ? 0 : ticketFactor * Math.exp(0.6 * gauss(rnd)),
      lateChance: rnd() < 0.08 ? 0.35 : lateChance,
      users: [] as { id: number; joined: number }[],
    };
  });

  // Users: the owner joins when the account is created, the others later.
  const users: Cell[][] = [];
  const people_ = people(rnd, 2300);
  let nextUser = 1;
  const userDrafts: { account: (typeof accounts)[number]; joined: number; owner: boolean }[] = [];
  for (const a of accounts) {
    const [, , lo, hi] = a.planRow;
    const n = lo + Math.floor(rnd() * (hi - lo + 1));
    for (let k = 0; k < n; k++)
      userDrafts.push({
        account: a,
        joined: k === 0 ? a.created : dayBetween(rnd, a.created, LAST_DAY, 0.6),
        owner: k === 0,
      });
  }
  userDrafts.sort((x, y) => x.joined - y.joined || x.account.id - y.account.id);
  const usedEmails = new Set<string>();
  for (const [i, u] of userDrafts.entries()) {
    const person = people_[i % people_.length]!;
    const personal = rnd() < 0.09;
    let email = personal
      ? `${person.first}.${person.last}${Math.floor(rnd() * 90 + 10)}@gmail.com`.toLowerCase()
      : `${person.first}.${person.last}@${u.account.domain}`.toLowerCase();
    while (usedEmails.has(email)) email = email.replace('@', `${Math.floor(rnd() * 10)}@`);
    usedEmails.add(email);
    const role = u.owner
      ? 'owner'
      : weighted(rnd, [
          ['admin', 15],
          ['member', 63],
          ['viewer', 22],
        ] as const);
    const active = rnd() > (u.account.plan === 'free' ? 0.25 : 0.1);
    const id = nextUser++;
    u.account.users.push({ id, joined: u.joined });
    users.push([id, u.account.id, email, role, iso(u.joined), active]);
  }
  users.sort((x, y) => (x[0] as number) - (y[0] as number));

  // Subscriptions: paid accounts subscribe after a trial; some pro accounts upgrade to
  // enterprise (a new subscription), some paid accounts churn (their plan is then free).
  const subscriptions: Cell[][] = [];
  const invoices: Cell[][] = [];
  for (const a of accounts) {
    if (a.plan === 'free') {
      // Accounts that once paid and left.
      if (rnd() < 0.14 && LAST_DAY - a.created > 120 * DAY) {
        const start = a.created + Math.floor(rnd() * 30) * DAY;
        const end = dayBetween(rnd, start + 60 * DAY, LAST_DAY);
        subscriptions.push([0, a.id, iso(start), iso(end), 29 * (2 + Math.floor(rnd() * 6)), a.lateChance]);
      }
      continue;
    }
    const start = Math.min(LAST_DAY, a.created + Math.floor(rnd() * 30) * DAY);
    const seats = a.users.length;
    const proMrr = 29 * seats;
    const entMrr = Math.round((1100 + 48 * seats + rnd() * 900) / 10) * 10;
    if (a.plan === 'enterprise' && rnd() < 0.35 && LAST_DAY - start > 150 * DAY) {
      const upgrade = dayBetween(rnd, start + 60 * DAY, LAST_DAY - 30 * DAY);
      subscriptions.push([0, a.id, iso(start), iso(upgrade), 29 * Math.max(3, seats - 5), a.lateChance]);
      subscriptions.push([0, a.id, iso(upgrade), null, entMrr, a.lateChance]);
    } else subscriptions.push([0, a.id, iso(start), null, a.plan === 'pro' ? proMrr : entMrr, a.lateChance]);
  }
  subscriptions.sort((x, y) =>
    x[2]! < y[2]! ? -1 : x[2]! > y[2]! ? 1 : (x[1] as number) - (y[1] as number),
  );
  subscriptions.forEach((s, i) => (s[0] = 301 + i));
  // Invoices, monthly in arrears: a month after the start, then every month until the end.
  const invoiceDrafts: Cell[][] = [];
  for (const [, accountId, start, end, mrr, late] of subscriptions) {
    const from = Date.parse(`${start as string}T00:00:00Z`);
    const until = end ? Date.parse(`${end as string}T00:00:00Z`) : LAST_DAY;
    for (let k = 1; addMonths(from, k) <= until; k++) {
      const day = addMonths(from, k);
      const age = (LAST_DAY - day) / DAY;
      const r = rnd();
      const status =
        r < 0.025
          ? 'void'
          : age < 30 && r < 0.025 + 0.3
            ? 'overdue'
            : r < 0.025 + (late as number)
              ? 'overdue'
              : 'paid';
      // Usage above the plan's seats is billed on top now and then.
      const amount = round((mrr as number) * (rnd() < 0.15 ? 1 + Math.floor(rnd() * 4) * 0.05 : 1), 2);
      invoiceDrafts.push([0, accountId!, iso(day), amount, status]);
    }
  }
  invoiceDrafts.sort((x, y) =>
    x[2]! < y[2]! ? -1 : x[2]! > y[2]! ? 1 : (x[1] as number) - (y[1] as number),
  );
  invoiceDrafts.forEach((v, i) => {
    v[0] = 20001 + i;
    invoices.push(v);
  });

  // Tickets, opened by the account's users; enterprise accounts get answers sooner.
  const tickets: Cell[][] = [];
  for (const a of accounts) {
    const [, , , , perMonth, speed, urgentShare] = a.planRow;
    const months = (LAST_DAY - a.created) / (30.4 * DAY);
    const n = poisson(rnd, Math.min(80, perMonth * a.ticketRate * months));
    for (let k = 0; k < n; k++) {
      const opened = dayBetween(rnd, a.created, LAST_DAY, 1.3);
      const known = a.users.filter((u) => u.joined <= opened);
      const user = known.length ? pick(rnd, known) : a.users[0]!;
      const [priority, , meanDays] = weighted(
        rnd,
        PRIORITIES.map((p) => [p, p[0] === 'urgent' ? 100 * urgentShare : p[1]] as const),
      );
      const category = weighted(rnd, TICKET_CATEGORIES);
      const days = Math.round(expo(rnd, meanDays * speed * (category === 'integration' ? 1.6 : 1)));
      const closed = opened + days * DAY;
      const open = closed > LAST_DAY || rnd() < 0.015;
      tickets.push([0, a.id, user.id, iso(opened), open ? null : iso(closed), priority, category]);
    }
  }
  tickets.sort((x, y) => (x[3]! < y[3]! ? -1 : x[3]! > y[3]! ? 1 : (x[1] as number) - (y[1] as number)));
  tickets.forEach((t, i) => (t[0] = 40001 + i));

  const schema = {
    tables: [
      table(
        dir,
        'accounts',
        [
          ['account_id', 'INTEGER'],
          ['account_name', 'TEXT'],
          ['industry', 'TEXT'],
          ['country', 'TEXT'],
          ['plan', 'TEXT'],
          ['created_date', 'DATE'],
        ],
        accounts.map((a) => [a.id, a.name, a.industry, a.country, a.plan, iso(a.created)]),
      ),
      table(
        dir,
        'users',
        [
          ['user_id', 'INTEGER'],
          ['account_id', 'INTEGER'],
          ['email', 'TEXT'],
          ['role', 'TEXT'],
          ['joined_date', 'DATE'],
          ['is_active', 'BOOLEAN'],
        ],
        users,
        [['account_id', 'accounts', 'account_id']],
      ),
      table(
        dir,
        'subscriptions',
        [
          ['subscription_id', 'INTEGER'],
          ['account_id', 'INTEGER'],
          ['start_date', 'DATE'],
          ['end_date', 'DATE'],
          ['mrr', 'DOUBLE'],
        ],
        subscriptions.map((s) => s.slice(0, 5)),
        [['account_id', 'accounts', 'account_id']],
      ),
      table(
        dir,
        'invoices',
        [
          ['invoice_id', 'INTEGER'],
          ['account_id', 'INTEGER'],
          ['issued_date', 'DATE'],
          ['amount', 'DOUBLE'],
          ['status', 'TEXT'],
        ],
        invoices,
        [['account_id', 'accounts', 'account_id']],
      ),
      table(
        dir,
        'tickets',
        [
          ['ticket_id', 'INTEGER'],
          ['account_id', 'INTEGER'],
          ['user_id', 'INTEGER'],
          ['opened_date', 'DATE'],
          ['closed_date', 'DATE'],
          ['priority', 'TEXT'],
          ['category', 'TEXT'],
        ],
        tickets,
        [
          ['account_id', 'accounts', 'account_id'],
          ['user_id', 'users', 'user_id'],
        ],
      ),
    ],
  };
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema, null, 1));
}

/** Writes DIR/shop/ and DIR/saas/: CSV files and a schema.json declaring their keys. */
export function generateMultiFresh(dir: string): string[] {
  shop(join(dir, 'shop'));
  saas(join(dir, 'saas'));
  return ['shop', 'saas'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  const out = at < 0 ? undefined : process.argv[at + 1];
  if (!out) throw new Error('usage: generate-multi-fresh.ts --out DIR');
  generateMultiFresh(out);
  console.log(`wrote shop and saas to ${out}`);
}
