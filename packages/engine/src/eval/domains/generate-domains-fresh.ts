// Three small business datasets for the fresh domains eval set (packages/engine/eval/domains-fresh),
// a tune-only set: data nobody tuned the engine for, to tune on while the held-out sets stay
// untouched. Written as CSV files the way the tools that hold such data export them:
//  - logistics: shipments of a shipper (ship and delivery dates, carrier, route, weight, cost,
//    status, service level), the delivery date empty while a shipment is under way;
//  - marketing: ad campaigns (channel, start and end dates, budget, spend, impressions, clicks,
//    conversions, region);
//  - clinic: appointments of a group practice with a separate doctors table they reference by
//    doctor_id (declared in schema.json).
// Every dataset was exported the day before the eval clock (2026-11-22). Deterministic (a seeded
// PRNG), so the set's gold rows never change.
// Usage: tsx packages/engine/src/eval/domains/generate-domains-fresh.ts --out DIR  (writes DIR/<db>/)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../../demo/retail-demo';
import { DAY, iso, round, gauss, expo, weighted, dayBetween, writeCsv } from './sampling';

/** The last day of data: the day before the eval clock. */
const LAST_DAY = Date.UTC(2026, 10, 21);
const between = (rnd: () => number, lo: number, hi: number) => lo + rnd() * (hi - lo);

const byColumn = (a: (string | number | null)[], b: (string | number | null)[], at: number) =>
  a[at]! < b[at]! ? -1 : a[at]! > b[at]! ? 1 : 0;

// ---------------------------------------------------------------------------------------------
// Logistics: shipments

// carrier, share, transit time factor, price factor, chance of losing a shipment
const CARRIERS: [string, number, number, number, number][] = [
  ['SwiftShip', 27, 0.82, 1.12, 0.006],
  ['Meridian Freight', 24, 1, 0.96, 0.011],
  ['Parcelway', 21, 1.1, 1, 0.016],
  ['Coastal Cargo', 17, 1.38, 0.84, 0.027],
  ['Northline Logistics', 11, 1.2, 0.9, 0.019],
];
// service level, share, mean transit days, price multiplier
const SERVICE_LEVELS: [string, number, number, number][] = [
  ['standard', 60, 4.6, 1],
  ['express', 28, 2.2, 1.85],
  ['overnight', 12, 1, 3.3],
];
const ORIGINS: [string, number][] = [
  ['Chicago', 34],
  ['Dallas', 26],
  ['Los Angeles', 22],
  ['Atlanta', 18],
];
const DESTINATIONS: [string, number][] = [
  ['New York', 19],
  ['Houston', 14],
  ['Phoenix', 9],
  ['Seattle', 11],
  ['Miami', 12],
  ['Denver', 8],
  ['Boston', 10],
  ['Chicago', 7],
  ['Atlanta', 6],
  ['Los Angeles', 8],
];

function logistics(dir: string): void {
  const rnd = prng(9301);
  const rows: (string | number | null)[][] = [];
  for (let i = 0; i < 3050; i++) {
    const shipped = dayBetween(rnd, Date.UTC(2025, 0, 2), LAST_DAY, 1.6);
    const [carrier, , speed, price, lossChance] = weighted(
      rnd,
      CARRIERS.map((c) => [c, c[1]] as const),
    );
    const [level, , days, multiplier] = weighted(
      rnd,
      SERVICE_LEVELS.map((s) => [s, s[1]] as const),
    );
    const origin = weighted(rnd, ORIGINS);
    const dest = weighted(
      rnd,
      DESTINATIONS.filter(([d]) => d !== origin),
    );
    const heavy = level === 'overnight' ? 0.6 : level === 'express' ? 0.8 : 1;
    const weight = round(
      Math.min(1800, Math.max(0.4, Math.exp(Math.log(24 * heavy) + 1.05 * gauss(rnd)))),
      1,
    );
    const cost = round(
      (9 + 1.15 * weight ** 0.86) * multiplier * price * Math.max(0.7, 1 + 0.08 * gauss(rnd)),
      2,
    );
    const transit =
      level === 'overnight'
        ? rnd() < 0.06 * speed
          ? 2
          : 1
        : Math.max(1, Math.round(days * speed + gauss(rnd) * 0.9 * speed));
    const r = rnd();
    const arrives = shipped + transit * DAY;
    let status: string;
    let delivered: string | null = null;
    if (r < lossChance) status = 'lost';
    else if (r < lossChance + 0.028) status = 'returned';
    else if (arrives <= LAST_DAY) {
      status = 'delivered';
      delivered = iso(arrives);
    } else status = 'in transit';
    rows.push(['', iso(shipped), delivered, carrier, origin, dest, weight, cost, status, level]);
  }
  rows.sort((a, b) => byColumn(a, b, 1));
  rows.forEach((r, i) => (r[0] = `SHP-${String(i + 1).padStart(5, '0')}`));
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'shipments.csv'),
    [
      'shipment_id',
      'ship_date',
      'delivered_date',
      'carrier',
      'origin_city',
      'dest_city',
      'weight_kg',
      'cost_usd',
      'status',
      'service_level',
    ],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Marketing: campaigns

// channel, share, days (min, max), budget (min, max), cost per 1,000 impressions, click-through
// rate, conversions per click
const CHANNELS: [string, number, number, number, number, number, number, number, number][] = [
  ['email', 30, 7, 21, 1500, 8000, 3.5, 0.031, 0.038],
  ['search', 25, 30, 90, 8000, 40000, 24, 0.047, 0.071],
  ['social', 28, 14, 45, 4000, 25000, 7.5, 0.0125, 0.024],
  ['display', 17, 21, 60, 5000, 20000, 2.8, 0.0042, 0.014],
];
// region, share, conversion factor, short name
const MARKET_REGIONS: [string, number, number, string][] = [
  ['North America', 35, 1.12, 'NA'],
  ['Europe', 30, 1, 'EU'],
  ['APAC', 20, 0.86, 'APAC'],
  ['LATAM', 15, 0.93, 'LATAM'],
];
const THEMES = [
  'New Year Kickoff',
  'Valentine Deals',
  'Spring Sale',
  'Easter Promo',
  'May Madness',
  'Summer Preview',
  'Summer Sale',
  'Back to School',
  'Autumn Launch',
  'Halloween Special',
  'Black Friday',
  'Holiday Gifts',
];
const CHANNEL_TITLES: Record<string, string> = {
  email: 'Email',
  search: 'Search',
  social: 'Social',
  display: 'Display',
};

function marketing(dir: string): void {
  const rnd = prng(9302);
  const rows: (string | number | null)[][] = [];
  const names = new Map<string, number>();
  for (let i = 0; i < 410; i++) {
    const start = dayBetween(rnd, Date.UTC(2024, 0, 8), Date.UTC(2026, 10, 16), 1.35);
    const [channel, , minDays, maxDays, minBudget, maxBudget, cpm, ctr, cvr] = weighted(
      rnd,
      CHANNELS.map((c) => [c, c[1]] as const),
    );
    const [region, , regionFactor, short] = weighted(
      rnd,
      MARKET_REGIONS.map((r) => [r, r[1]] as const),
    );
    const length = Math.round(between(rnd, minDays, maxDays));
    const end = start + length * DAY;
    const budget = Math.round(between(rnd, minBudget, maxBudget) / 500) * 500;
    // Ended campaigns spent about their budget (a few overspent); running ones part of it.
    const elapsed = Math.min(1, (LAST_DAY - start + DAY) / (end - start + DAY));
    const spend = round(budget * elapsed * between(rnd, 0.78, 1.1), 2);
    const impressions = Math.round(((spend / cpm) * 1000 * Math.max(0.5, 1 + 0.15 * gauss(rnd))) / 1) || 1;
    const clicks = Math.round(impressions * ctr * Math.max(0.4, 1 + 0.2 * gauss(rnd)));
    // November campaigns convert better (the shopping season).
    const season = new Date(start).getUTCMonth() === 10 ? 1.25 : 1;
    const conversions = Math.round(
      clicks * cvr * regionFactor * season * Math.max(0.3, 1 + 0.22 * gauss(rnd)),
    );
    const base = `${THEMES[new Date(start).getUTCMonth()]} ${new Date(start).getUTCFullYear()} - ${CHANNEL_TITLES[channel]} ${short}`;
    const n = (names.get(base) ?? 0) + 1;
    names.set(base, n);
    const name = n === 1 ? base : `${base} (${n})`;
    rows.push([
      '',
      name,
      channel,
      iso(start),
      iso(end),
      budget,
      spend,
      impressions,
      clicks,
      conversions,
      region,
    ]);
  }
  rows.sort((a, b) => byColumn(a, b, 3));
  rows.forEach((r, i) => (r[0] = `CMP-${String(i + 1).padStart(4, '0')}`));
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'campaigns.csv'),
    [
      'campaign_id',
      'campaign_name',
      'channel',
      'start_date',
      'end_date',
      'budget',
      'spend',
      'impressions',
      'clicks',
      'conversions',
      'region',
    ],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Clinic: doctors and appointments

// specialty, doctors, fee, slot lengths (minutes), mean booking lead days, share of appointments
const SPECIALTIES: [string, number, number, number[], number, number][] = [
  ['General Practice', 5, 85, [15, 20], 5, 38],
  ['Pediatrics', 3, 95, [20], 8, 17],
  ['Dermatology', 3, 145, [20, 30], 24, 14],
  ['Cardiology', 2, 230, [30, 45], 30, 9],
  ['Orthopedics', 2, 185, [30], 21, 10],
  ['Psychiatry', 3, 165, [50, 60], 16, 12],
];
const SITES = ['Downtown', 'Riverside', 'Northgate'];
const DOCTOR_NAMES = [
  'Dr. Amelia Hart',
  'Dr. Rahul Mehta',
  'Dr. Sofia Lindqvist',
  'Dr. James Okoro',
  'Dr. Laura Chen',
  'Dr. Miguel Alvarez',
  'Dr. Hannah Becker',
  'Dr. Tom Fischer',
  'Dr. Aisha Rahman',
  'Dr. Peter Novak',
  'Dr. Claire Dubois',
  'Dr. Daniel Kim',
  'Dr. Olga Petrova',
  'Dr. Samuel Reed',
  'Dr. Nadia Haddad',
  'Dr. Victor Santos',
  'Dr. Emily Walsh',
  'Dr. Kenji Watanabe',
];
// insurance type, share, no-show factor (public patients pay 82 % of the fee)
const INSURANCE: [string, number, number][] = [
  ['private', 44, 0.75],
  ['public', 41, 1.2],
  ['self-pay', 15, 2.4],
];
const ADULT_AGES: [string, number][] = [
  ['18-34', 27],
  ['35-49', 28],
  ['50-64', 25],
  ['65+', 20],
];

function clinic(dir: string): void {
  const rnd = prng(9303);
  // Doctors: each specialty's doctors spread over the sites; some see more patients than others.
  const doctors: { id: string; name: string; specialty: string; site: string; load: number }[] = [];
  for (const [specialty, count] of SPECIALTIES)
    for (let k = 0; k < count; k++) {
      const i = doctors.length;
      doctors.push({
        id: `DOC-${String(101 + i)}`,
        name: DOCTOR_NAMES[i]!,
        specialty,
        site: SITES[(i + k) % SITES.length]!,
        load: 0.7 + 0.6 * rnd(),
      });
    }
  // Patients: a fixed age group and insurance each; children are seen in pediatrics.
  const patients = Array.from({ length: 2100 }, (_, i) => {
    const child = i < 420;
    return {
      id: `PT-${String(10001 + i)}`,
      age: child ? '0-17' : weighted(rnd, ADULT_AGES),
      insurance: weighted(
        rnd,
        INSURANCE.map((x) => [x, x[1]] as const),
      ),
      child,
    };
  });
  const children = patients.filter((p) => p.child);
  const adults = patients.filter((p) => !p.child);
  const rows: (string | number | null)[][] = [];
  for (let i = 0; i < 5050; i++) {
    const spec = weighted(
      rnd,
      SPECIALTIES.map((s) => [s, s[5]] as const),
    );
    const [specialty, , fee, slots, leadMean] = spec;
    const doctor = weighted(
      rnd,
      doctors.filter((d) => d.specialty === specialty).map((d) => [d, d.load] as const),
    );
    const pool = specialty === 'Pediatrics' ? children : adults;
    const patient = pool[Math.floor(rnd() * pool.length)]!;
    let day = dayBetween(rnd, Date.UTC(2025, 0, 2), LAST_DAY, 1.3);
    if (new Date(day).getUTCDay() === 0) day += day + DAY <= LAST_DAY ? DAY : -2 * DAY;
    const lead = Math.min(120, Math.floor(expo(rnd, leadMean)));
    const booked = day - lead * DAY;
    const [insurance, , noShowFactor] = patient.insurance;
    const noShow = 0.055 * noShowFactor * (patient.age === '18-34' ? 1.35 : 1) * (lead > 30 ? 1.3 : 1);
    const r = rnd();
    const status = r < noShow ? 'no-show' : r < noShow + 0.085 ? 'cancelled' : 'completed';
    const charged =
      status === 'cancelled'
        ? 0
        : status === 'no-show'
          ? 35
          : insurance === 'public'
            ? round(fee * 0.82, 2)
            : fee;
    const duration = slots[Math.floor(rnd() * slots.length)]!;
    rows.push([
      '',
      doctor.id,
      patient.id,
      iso(day),
      iso(booked),
      status,
      duration,
      charged,
      insurance,
      patient.age,
    ]);
  }
  rows.sort((a, b) => byColumn(a, b, 3));
  rows.forEach((r, i) => (r[0] = `APT-${String(i + 1).padStart(6, '0')}`));
  mkdirSync(dir, { recursive: true });
  writeCsv(
    join(dir, 'doctors.csv'),
    ['doctor_id', 'doctor_name', 'specialty', 'clinic_site'],
    doctors.map((d) => [d.id, d.name, d.specialty, d.site]),
  );
  writeCsv(
    join(dir, 'appointments.csv'),
    [
      'appointment_id',
      'doctor_id',
      'patient_id',
      'appointment_date',
      'booked_on',
      'status',
      'duration_min',
      'fee',
      'insurance_type',
      'age_group',
    ],
    rows,
  );
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(CLINIC_SCHEMA, null, 1));
}

/** What the practice system declares: both keys, and appointments.doctor_id referencing doctors. */
const CLINIC_SCHEMA = {
  tables: [
    {
      name: 'doctors',
      columns: [
        { name: 'doctor_id', type: 'TEXT' },
        { name: 'doctor_name', type: 'TEXT' },
        { name: 'specialty', type: 'TEXT' },
        { name: 'clinic_site', type: 'TEXT' },
      ],
      primary_key: ['doctor_id'],
    },
    {
      name: 'appointments',
      columns: [
        { name: 'appointment_id', type: 'TEXT' },
        { name: 'doctor_id', type: 'TEXT' },
        { name: 'patient_id', type: 'TEXT' },
        { name: 'appointment_date', type: 'DATE' },
        { name: 'booked_on', type: 'DATE' },
        { name: 'status', type: 'TEXT' },
        { name: 'duration_min', type: 'INTEGER' },
        { name: 'fee', type: 'DOUBLE' },
        { name: 'insurance_type', type: 'TEXT' },
        { name: 'age_group', type: 'TEXT' },
      ],
      primary_key: ['appointment_id'],
      foreign_keys: [{ column: 'doctor_id', ref_table: 'doctors', ref_column: 'doctor_id' }],
    },
  ],
};

/** Writes DIR/logistics/ (shipments.csv), DIR/marketing/ (campaigns.csv), DIR/clinic/ (doctors, appointments, schema.json). */
export function generateDomainsFresh(dir: string): string[] {
  logistics(join(dir, 'logistics'));
  marketing(join(dir, 'marketing'));
  clinic(join(dir, 'clinic'));
  return ['logistics', 'marketing', 'clinic'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--out');
  const out = at < 0 ? undefined : process.argv[at + 1];
  if (!out) throw new Error('usage: generate-domains-fresh.ts --out DIR');
  generateDomainsFresh(out);
  console.log(`wrote logistics, marketing and clinic to ${out}`);
}
