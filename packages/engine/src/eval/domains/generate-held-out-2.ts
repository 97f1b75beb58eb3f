// Four small business datasets for the second held-out eval set (packages/engine/eval/held-out-2),
// written as CSV files the way the tools that hold such data export them:
//  - hr: an HRIS export of employees (hire and termination dates, base salary, level, location)
//    with a separate departments table they reference by dept_id (declared in schema.json);
//  - saas: subscription accounts of a B2B SaaS (plan, seats, MRR, signup and churn dates);
//  - support: help-desk tickets (opened and resolved timestamps, priority, channel, agent, CSAT);
//  - hotel: bookings of four hotels, the arrival date written as text ("14-Mar-2026"), including
//    future arrivals already booked.
// Every dataset was exported the day before the eval clock (2026-11-22), so "this year", "last
// month" and "YTD" have data. Deterministic (a seeded PRNG), so the set's gold rows never change.
// Usage: tsx packages/engine/src/eval/domains/generate-held-out-2.ts --out DIR  (writes DIR/<db>/)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../demo/retail-demo';
import { DAY, iso, round, gauss, expo, weighted, dayBetween, writeCsv } from './sampling';

/** The last day of data: the day before the eval clock. */
const LAST_DAY = Date.UTC(2026, 10, 21);
const stamp = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');

const pick = <T>(rnd: () => number, values: readonly T[]): T => values[Math.floor(rnd() * values.length)]!;

// ---------------------------------------------------------------------------------------------
// HR: departments and employees

// dept_id, department_name, division, cost_center, share of staff, base salary (mid level), contractor chance, role
const DEPARTMENTS: [string, string, string, string, number, number, number, string][] = [
  ['D10', 'Engineering', 'Technology', 'CC-4100', 22, 92_000, 0.2, 'Software Engineer'],
  ['D11', 'Data & Analytics', 'Technology', 'CC-4200', 6, 88_000, 0.15, 'Data Analyst'],
  ['D12', 'IT Support', 'Technology', 'CC-4300', 5, 58_000, 0.1, 'IT Specialist'],
  ['D20', 'Sales', 'Commercial', 'CC-2100', 14, 70_000, 0.03, 'Account Executive'],
  ['D21', 'Marketing', 'Commercial', 'CC-2200', 7, 66_000, 0.1, 'Marketing Specialist'],
  ['D22', 'Customer Success', 'Commercial', 'CC-2300', 10, 60_000, 0.05, 'Customer Success Manager'],
  ['D30', 'Finance', 'Corporate', 'CC-1100', 5, 74_000, 0.05, 'Financial Analyst'],
  ['D31', 'Human Resources', 'Corporate', 'CC-1200', 4, 63_000, 0.05, 'HR Generalist'],
  ['D32', 'Legal', 'Corporate', 'CC-1300', 2, 98_000, 0.02, 'Legal Counsel'],
  ['D40', 'Warehouse', 'Operations', 'CC-3100', 16, 39_000, 0.25, 'Warehouse Associate'],
  ['D41', 'Logistics', 'Operations', 'CC-3200', 9, 48_000, 0.12, 'Logistics Coordinator'],
];
// job_level, share, salary multiplier
const LEVELS: [string, number, number][] = [
  ['Associate', 26, 0.72],
  ['Mid', 32, 1],
  ['Senior', 22, 1.3],
  ['Lead', 9, 1.55],
  ['Manager', 8, 1.7],
  ['Director', 3, 2.3],
];
// location, share (office staff), salary factor
const LOCATIONS: [string, number, number][] = [
  ['London', 26, 1.08],
  ['Berlin', 30, 0.95],
  ['Austin', 20, 1.12],
  ['Toronto', 12, 0.98],
  ['Remote', 12, 0.93],
];
const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elif',
  'Felix',
  'Grace',
  'Hannah',
  'Ivan',
  'Jana',
  'Kofi',
  'Lena',
  'Marco',
  'Nina',
  'Omar',
  'Paula',
  'Quentin',
  'Rosa',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Yuki',
  'Zoe',
  'Ahmed',
  'Beatriz',
  'Chen',
  'Dara',
  'Emma',
  'Jonas',
  'Maya',
  'Noah',
  'Olivia',
  'Priya',
  'Lucas',
];
const LAST_NAMES = [
  'Schmidt',
  'Okafor',
  'Smith',
  'Müller',
  'Garcia',
  'Nguyen',
  'Brown',
  'Kowalski',
  'Rossi',
  'Patel',
  'Johnson',
  'Weber',
  'Silva',
  'Khan',
  'Martin',
  'Fischer',
  'Lee',
  'Novak',
  'Dubois',
  'Hughes',
  'Tanaka',
  'Berg',
  'Costa',
  'Walsh',
  'Meyer',
  'Ali',
  'Jensen',
  'Moreau',
  'Evans',
  'Yilmaz',
];

function titleOf(role: string, department: string, level: string): string {
  if (level === 'Director') return `Director of ${department}`;
  if (level === 'Manager') return `${department} Manager`;
  if (level === 'Senior' || level === 'Lead') return `${level} ${role}`;
  if (level === 'Associate' && !role.startsWith('Warehouse')) return `Junior ${role}`;
  return role;
}

function hr(dir: string): void {
  const rnd = prng(8101);
  const rows: (string | number | null)[][] = [];
  for (let i = 0; i < 720; i++) {
    const dept = weighted(
      rnd,
      DEPARTMENTS.map((d) => [d, d[4]] as const),
    );
    const [deptId, department, , , , base, contractorChance, role] = dept;
    const operations = deptId.startsWith('D4');
    // Warehouse and logistics staff work at the two sites with a warehouse.
    const location = operations
      ? weighted(rnd, [
          [LOCATIONS[1]!, 60],
          [LOCATIONS[2]!, 40],
        ] as const)
      : weighted(
          rnd,
          LOCATIONS.map((l) => [l, l[1]] as const),
        );
    const level = weighted(
      rnd,
      LEVELS.map((l) => [l, operations && l[0] === 'Associate' ? l[1] * 2 : l[1]] as const),
    );
    const employmentType =
      rnd() < contractorChance ? 'Contractor' : rnd() < (operations ? 0.2 : 0.06) ? 'Part-time' : 'Full-time';
    const hired = dayBetween(rnd, Date.UTC(2015, 0, 5), LAST_DAY - 2 * DAY, 4);
    // Contractors stay a short while; permanent staff about 9 years on average (~11 % leave a year).
    const stay = expo(rnd, employmentType === 'Contractor' ? 700 : 3300) * DAY;
    const left = hired + 30 * DAY + stay;
    const termination = left <= LAST_DAY ? iso(left) : null;
    const salary =
      Math.round(
        (base *
          level[2] *
          location[2] *
          (employmentType === 'Part-time' ? 0.6 : 1) *
          Math.exp(gauss(rnd) * 0.08)) /
          500,
      ) * 500;
    rows.push([
      `E${10_001 + i}`,
      pick(rnd, FIRST_NAMES),
      pick(rnd, LAST_NAMES),
      deptId,
      titleOf(role, department, level[0]),
      level[0],
      location[0],
      employmentType,
      iso(hired),
      termination,
      salary,
    ]);
  }
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'departments.csv'),
    ['dept_id', 'department_name', 'division', 'cost_center'],
    DEPARTMENTS.map(([id, name, division, costCenter]) => [id, name, division, costCenter]),
  );
  writeCsv(
    join(dir, 'employees.csv'),
    [
      'employee_id',
      'first_name',
      'last_name',
      'dept_id',
      'job_title',
      'job_level',
      'location',
      'employment_type',
      'hire_date',
      'termination_date',
      'base_salary',
    ],
    rows,
  );
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(HR_SCHEMA, null, 1));
}

/** What the HRIS declares: both keys, and employees.dept_id referencing departments. */
const HR_SCHEMA = {
  tables: [
    {
      name: 'departments',
      columns: [
        { name: 'dept_id', type: 'TEXT' },
        { name: 'department_name', type: 'TEXT' },
        { name: 'division', type: 'TEXT' },
        { name: 'cost_center', type: 'TEXT' },
      ],
      primary_key: ['dept_id'],
    },
    {
      name: 'employees',
      columns: [
        { name: 'employee_id', type: 'TEXT' },
        { name: 'first_name', type: 'TEXT' },
        { name: 'last_name', type: 'TEXT' },
        { name: 'dept_id', type: 'TEXT' },
        { name: 'job_title', type: 'TEXT' },
        { name: 'job_level', type: 'TEXT' },
        { name: 'location', type: 'TEXT' },
        { name: 'employment_type', type: 'TEXT' },
        { name: 'hire_date', type: 'DATE' },
        { name: 'termination_date', type: 'DATE' },
        { name: 'base_salary', type: 'INTEGER' },
      ],
      primary_key: ['employee_id'],
      foreign_keys: [{ column: 'dept_id', ref_table: 'departments', ref_column: 'dept_id' }],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// SaaS: subscription accounts

// plan, share, seats (min, max), price per seat per month, monthly churn chance
const PLANS: [string, number, number, number, number, number][] = [
  ['Starter', 50, 1, 5, 19, 0.032],
  ['Growth', 36, 5, 40, 32, 0.016],
  ['Enterprise', 14, 40, 400, 45, 0.006],
];
const INDUSTRIES: [string, number][] = [
  ['Retail', 20],
  ['Healthcare', 14],
  ['Fintech', 16],
  ['Manufacturing', 14],
  ['Education', 12],
  ['Media', 10],
  ['Logistics', 14],
];
const COUNTRIES: [string, number][] = [
  ['United States', 34],
  ['United Kingdom', 14],
  ['Germany', 12],
  ['Canada', 7],
  ['France', 7],
  ['Australia', 6],
  ['Netherlands', 6],
  ['Brazil', 5],
  ['India', 5],
  ['Japan', 4],
];
const CHANNELS: [string, number][] = [
  ['Organic', 38],
  ['Paid Search', 26],
  ['Partner', 16],
  ['Outbound', 20],
];
const NAME_A = [
  'Blue',
  'North',
  'Bright',
  'Silver',
  'Quick',
  'Green',
  'Iron',
  'Clear',
  'Swift',
  'Red',
  'Open',
  'Deep',
  'High',
  'True',
  'Prime',
  'Cloud',
  'Urban',
  'Solar',
  'Nova',
  'Pixel',
];
const NAME_B = [
  'Harbor',
  'Peak',
  'Field',
  'Stone',
  'Wave',
  'Leaf',
  'Bridge',
  'Path',
  'Forge',
  'River',
  'Grid',
  'Lane',
  'Point',
  'Works',
  'Labs',
  'Yard',
  'Line',
  'Gate',
  'Hive',
  'Loop',
];
const NAME_C = ['Inc', 'Ltd', 'GmbH', 'Co', 'Group', 'LLC', 'Systems', 'Partners'];

function saas(dir: string): void {
  const rnd = prng(8102);
  const rows: (string | number | null)[][] = [];
  const names = new Set<string>();
  for (let i = 0; i < 1100; i++) {
    const signup = dayBetween(rnd, Date.UTC(2023, 0, 2), LAST_DAY, 2.2);
    const [plan, , minSeats, maxSeats, price, churnChance] = weighted(
      rnd,
      PLANS.map((p) => [p, p[1]] as const),
    );
    const seats = Math.round(minSeats * Math.exp(rnd() * Math.log(maxSeats / minSeats)));
    const annual = rnd() < (plan === 'Enterprise' ? 0.8 : plan === 'Growth' ? 0.45 : 0.2);
    // Volume and annual discounts on the list price per seat.
    const perSeat = price * (annual ? 0.85 : 1) * (seats > 100 ? 0.8 : seats > 25 ? 0.9 : 1);
    const mrr = round(seats * perSeat, 2);
    // Churn: a monthly hazard (higher in the first months), only on renewal for annual plans.
    let churn: number | null = null;
    for (let m = 1; ; m++) {
      const at = signup + m * 30.4 * DAY;
      if (at > LAST_DAY) break;
      if (annual && m % 12 !== 0) continue;
      const hazard = (annual ? 12 * churnChance * 0.7 : churnChance) * (m <= 3 ? 1.8 : 1);
      if (rnd() < hazard) {
        churn = at - (at % DAY);
        break;
      }
    }
    let name = `${pick(rnd, NAME_A)}${pick(rnd, NAME_B).toLowerCase()} ${pick(rnd, NAME_C)}`;
    while (names.has(name)) name = `${name} ${names.size % 7 === 0 ? 'Holdings' : 'International'}`;
    names.add(name);
    rows.push([
      '',
      name,
      weighted(rnd, INDUSTRIES),
      weighted(rnd, COUNTRIES),
      plan,
      annual ? 'Annual' : 'Monthly',
      seats,
      mrr,
      iso(signup),
      churn === null ? null : iso(churn),
      weighted(rnd, CHANNELS),
    ]);
  }
  // Account ids follow the signup order, as a billing system numbers them.
  rows.sort((a, b) => (a[8]! < b[8]! ? -1 : a[8]! > b[8]! ? 1 : 0));
  rows.forEach((r, i) => (r[0] = `ACC-${20_001 + i}`));
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'accounts.csv'),
    [
      'account_id',
      'company_name',
      'industry',
      'country',
      'plan',
      'billing_cycle',
      'seats',
      'mrr',
      'signup_date',
      'churn_date',
      'acquisition_channel',
    ],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Support: help-desk tickets

// agent, speed factor (lower resolves faster), satisfaction offset
const AGENTS: [string, number, number][] = [
  ['Priya Nair', 0.8, 0.35],
  ['Tom Becker', 1.1, -0.1],
  ['Lucia Ferreira', 0.9, 0.2],
  ['Marcus Reid', 1.4, -0.55],
  ['Aiko Sato', 0.85, 0.25],
  ['Daniel Osei', 1, 0],
  ['Sofia Lindqvist', 1.2, -0.2],
  ['Jamal Carter', 0.95, 0.1],
];
// priority, share, mean hours to resolve, chance a ticket gets stuck unresolved
const PRIORITIES: [string, number, number, number][] = [
  ['Low', 28, 70, 0.07],
  ['Normal', 46, 30, 0.03],
  ['High', 19, 11, 0.012],
  ['Urgent', 7, 4, 0.008],
];
// channel, share, median minutes to first response
const TICKET_CHANNELS: [string, number, number][] = [
  ['Email', 42, 180],
  ['Chat', 28, 4],
  ['Phone', 14, 1],
  ['Web form', 16, 240],
];
const CATEGORIES: [string, number][] = [
  ['Billing', 24],
  ['Technical issue', 34],
  ['Account access', 17],
  ['Shipping', 15],
  ['Feature request', 10],
];

function support(dir: string): void {
  const rnd = prng(8103);
  const rows: (string | number | null)[][] = [];
  let id = 48_001;
  for (let t = Date.UTC(2025, 0, 1); t <= LAST_DAY; t += DAY) {
    const date = new Date(t);
    const weekday = date.getUTCDay();
    const month = date.getUTCMonth();
    // Busier on weekdays, after the January billing run and in the November–December peak;
    // volume grows over time.
    const season = month === 0 ? 1.35 : month >= 10 ? 1.25 : month === 7 ? 0.8 : 1;
    const growth = 1 + ((t - Date.UTC(2025, 0, 1)) / (365 * DAY)) * 0.18;
    const mean = (weekday === 0 || weekday === 6 ? 1.6 : 5.2) * season * growth;
    const count = Math.max(0, Math.round(mean + gauss(rnd) * Math.sqrt(mean)));
    for (let i = 0; i < count; i++) {
      const opened = t + Math.floor((7 + rnd() * 12) * 3_600_000 + rnd() * 3_600_000);
      const [priority, , hours, stuck] = weighted(
        rnd,
        PRIORITIES.map((p) => [p, p[1]] as const),
      );
      const [channel, , responseMinutes] = weighted(
        rnd,
        TICKET_CHANNELS.map((c) => [c, c[1]] as const),
      );
      const category = weighted(rnd, CATEGORIES);
      const [agent, speed, satisfaction] = pick(rnd, AGENTS);
      const resolveMs = Math.max(0.2, expo(rnd, hours * speed)) * 3_600_000;
      const resolvedAt = opened + Math.round(resolveMs / 1000) * 1000;
      // Unresolved: tickets still being worked on at export time, and a few stuck ones.
      const solved = resolvedAt <= LAST_DAY + 17 * 3_600_000 && rnd() > stuck;
      const firstResponse = Math.max(
        0,
        Math.round(responseMinutes * Math.exp(gauss(rnd) * 0.6) * (priority === 'Urgent' ? 0.4 : 1)),
      );
      let csat: number | null = null;
      if (solved && rnd() < 0.42) {
        const score = 4 + satisfaction - resolveMs / 3_600_000 / 80 + gauss(rnd) * 0.9;
        csat = Math.min(5, Math.max(1, Math.round(score)));
      }
      rows.push([
        id++,
        stamp(opened),
        solved ? stamp(resolvedAt) : null,
        solved ? 'Solved' : 'Open',
        priority,
        channel,
        category,
        agent,
        firstResponse,
        csat,
      ]);
    }
  }
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'tickets.csv'),
    [
      'ticket_id',
      'created_at',
      'resolved_at',
      'status',
      'priority',
      'channel',
      'category',
      'assignee',
      'first_response_minutes',
      'csat_score',
    ],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Hotel: bookings

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "14-Mar-2026": how many property-management systems export dates. */
const textDate = (t: number) => {
  const d = new Date(t);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
};
// hotel, share of bookings, standard room rate (EUR), summer (true) or winter peak
const HOTELS: [string, number, number, boolean][] = [
  ['Harbour View Lisbon', 32, 118, true],
  ['Old Town Prague', 27, 92, true],
  ['Canal House Amsterdam', 24, 165, true],
  ['Alpine Lodge Innsbruck', 17, 135, false],
];
// room type, share, rate multiplier
const ROOMS: [string, number, number][] = [
  ['Standard', 58, 1],
  ['Superior', 30, 1.35],
  ['Suite', 12, 2.1],
];
// channel, share, cancellation chance
const BOOKING_CHANNELS: [string, number, number][] = [
  ['Direct', 30, 0.09],
  ['Booking.com', 38, 0.24],
  ['Expedia', 20, 0.2],
  ['Travel agent', 12, 0.12],
];
const GUEST_COUNTRIES: [string, number][] = [
  ['Germany', 22],
  ['United Kingdom', 17],
  ['United States', 14],
  ['France', 9],
  ['Netherlands', 8],
  ['Spain', 7],
  ['Italy', 7],
  ['Portugal', 5],
  ['Austria', 5],
  ['Czechia', 6],
];

function hotel(dir: string): void {
  const rnd = prng(8104);
  const rows: (string | number | null)[][] = [];
  // Arrivals up to February 2027: the bookings already on the books at export time.
  for (let t = Date.UTC(2025, 0, 1); t <= Date.UTC(2027, 1, 28); t += DAY) {
    const month = new Date(t).getUTCMonth();
    const summer = month >= 5 && month <= 8 ? 1 : month === 4 || month === 9 ? 0.6 : 0;
    const winter = month === 11 || month <= 2 ? 1 : 0;
    for (const [name, share, rate, summerPeak] of HOTELS) {
      const peak = summerPeak ? summer : winter;
      const mean = (share / 100) * 4.2 * (0.65 + 0.7 * peak) * (t >= Date.UTC(2026, 0, 1) ? 1.08 : 1);
      const count = Math.max(0, Math.round(mean + gauss(rnd) * Math.sqrt(mean)));
      for (let i = 0; i < count; i++) {
        const [room, , roomFactor] = weighted(
          rnd,
          ROOMS.map((r) => [r, r[1]] as const),
        );
        const [channel, , cancelChance] = weighted(
          rnd,
          BOOKING_CHANNELS.map((c) => [c, c[1]] as const),
        );
        const lead = Math.min(300, Math.round(expo(rnd, channel === 'Travel agent' ? 75 : 38)));
        const nights = Math.max(1, Math.min(14, Math.round(expo(rnd, name.includes('Alpine') ? 4.5 : 2.8))));
        const nightly = round(rate * roomFactor * (1 + 0.35 * peak) * Math.exp(gauss(rnd) * 0.1), 2);
        const booked = t - lead * DAY;
        const future = t > LAST_DAY;
        // Not booked yet at export time.
        if (booked > LAST_DAY) continue;
        const status = future
          ? rnd() < cancelChance * 0.6
            ? 'Cancelled'
            : 'Confirmed'
          : rnd() < cancelChance
            ? 'Cancelled'
            : rnd() < 0.03
              ? 'No-show'
              : 'Checked out';
        // Guests pay at check-out; a no-show pays the first night, a cancellation nothing.
        const paid =
          status === 'Checked out' ? round(nightly * nights, 2) : status === 'No-show' ? nightly : 0;
        rows.push([
          '',
          name,
          iso(booked),
          textDate(t),
          nights,
          1 + Math.floor(rnd() * (room === 'Suite' ? 4 : 2.6)),
          room,
          channel,
          weighted(rnd, GUEST_COUNTRIES),
          nightly,
          paid,
          status,
        ]);
      }
    }
  }
  // Booking references follow the order bookings were made in.
  rows.sort((a, b) => (a[2]! < b[2]! ? -1 : a[2]! > b[2]! ? 1 : 0));
  rows.forEach((r, i) => (r[0] = `HB${String(i + 1).padStart(6, '0')}`));
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'bookings.csv'),
    [
      'booking_ref',
      'hotel_name',
      'booked_on',
      'arrival_date',
      'nights',
      'guests',
      'room_type',
      'booking_channel',
      'guest_country',
      'nightly_rate',
      'amount_paid',
      'status',
    ],
    rows,
  );
}

/** Writes DIR/hr/ (departments.csv, employees.csv, schema.json), DIR/saas/, DIR/support/, DIR/hotel/. */
export function generateHeldOut2(dir: string): string[] {
  hr(join(dir, 'hr'));
  saas(join(dir, 'saas'));
  support(join(dir, 'support'));
  hotel(join(dir, 'hotel'));
  return ['hr', 'saas', 'support', 'hotel'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  const out = at < 0 ? undefined : process.argv[at + 1];
  if (!out) throw new Error('usage: generate-held-out-2.ts --out DIR');
  generateHeldOut2(out);
  console.log(`wrote hr, saas, support and hotel to ${out}`);
}
