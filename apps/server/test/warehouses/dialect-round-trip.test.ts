// The same plans compiled for DuckDB, PostgreSQL and MariaDB, run through each warehouse adapter
// on the same data, and their rows compared: the dialects must agree, not just look plausible.
import { ZQueryPlan, type TQueryPlan } from '@catalyst/contracts';
import { compilePlan, PlanError } from '@catalyst/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECIMAL_DIVISION_TOLERANCE, diffRows, normalise, sorted, type Row } from './round-trip/compare';
import { CASES, type RoundTripCase } from './round-trip/plans';
import { openDuckDb, openMariaDb, openPostgres, type Target } from './round-trip/targets';

const targets: Target[] = [];
// Read as if the server's clock were not on UTC: a driver that takes a timestamp without time
// zone for local time then hands back another hour, which UTC would hide.
const zone = process.env.TZ;

beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  // Each database that opened is closed (and dropped) afterwards, even when another failed to.
  const opened = await Promise.allSettled([openDuckDb(), openPostgres(), openMariaDb()]);
  for (const o of opened) if (o.status === 'fulfilled' && o.value) targets.push(o.value);
  const failed = opened.find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
});
afterAll(async () => {
  await Promise.all(targets.map((t) => t.close()));
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** What this build's ZQueryPlan leaves out of `input`: its paths (empty when it reads all of it). */
function unread(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input))
    return input.flatMap((x, i) => unread(x, Array.isArray(output) ? output[i] : undefined, `${path}[${i}]`));
  if (input === null || typeof input !== 'object') return [];
  const out = (output ?? {}) as Record<string, unknown>;
  return Object.entries(input).flatMap(([k, v]) =>
    k in out ? unread(v, out[k], `${path}.${k}`) : [`${path}.${k}`],
  );
}

/**
 * Plan features a case may describe before the query-plan contract (ZQueryPlan) has them, as
 * patterns of the paths left unread: such a case is skipped (and listed as skipped), never run as
 * a different plan. Empty while the contract has every feature the cases use, so a contract that
 * loses one fails here rather than skipping. Anything else left unread is a mistake in the case.
 */
const COMING: RegExp[] = [];

function planOf(c: RoundTripCase): { plan: TQueryPlan } | { missing: string } {
  const input = {
    intent: 'value',
    table: 'sales',
    measures: [],
    dimensions: [],
    filters: [],
    order: [],
    ...c.plan,
  };
  const parsed = ZQueryPlan.safeParse(input);
  const missing = parsed.success
    ? unread(input, parsed.data).join(', ')
    : parsed.error.issues
        .map((i) => {
          const value = i.path.reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], input);
          return `.${i.path.join('.')} = ${JSON.stringify(value)}`;
        })
        .join(', ');
  if (!missing && parsed.success) return { plan: parsed.data };
  if (!COMING.some((pattern) => pattern.test(missing)))
    throw new Error(`The case "${c.name}" is not a valid plan: ${missing}`);
  return { missing };
}

/** The output columns whose sequence the plan fixes (see RoundTripCase.order). */
function orderedColumns(c: RoundTripCase, plan: TQueryPlan): 'all' | number[] | 'none' {
  if (c.order) return c.order;
  const ordered =
    plan.order.length > 0 ||
    (plan as Record<string, unknown>).perGroupLimit !== undefined ||
    plan.dimensions.some((d) => d.grain);
  return ordered ? 'all' : 'none';
}

async function run(
  target: Target,
  plan: TQueryPlan,
): Promise<{ rows: Row[]; sql: string; columns: string[] }> {
  const q = compilePlan(plan, target.model, target.engine, { maxRows: 5000 });
  try {
    const result = await target.warehouse.query(q.sql, { params: q.params, maxRows: 5000 });
    return { rows: result.rows.map((r) => r.map(normalise)), sql: q.sql, columns: q.columns };
  } catch (err) {
    throw new Error(
      `${target.engine} failed: ${(err as Error).message}\n${q.sql}\nparams: ${JSON.stringify(q.params)}`,
    );
  }
}

/** Differences between the reference rows and another database's, as readable text (empty when alike). */
function compare(
  c: RoundTripCase,
  plan: TQueryPlan,
  ref: Row[],
  other: Row[],
  names: [string, string],
  columns: string[],
): string[] {
  const absolute = names[1] === 'mysql' ? DECIMAL_DIVISION_TOLERANCE : 0;
  const order = orderedColumns(c, plan);
  const diff = (a: Row[], b: Row[], n: [string, string], cols: string[]) => diffRows(a, b, n, cols, absolute);
  if (order === 'all') return [diff(ref, other, names, columns)].filter((d): d is string => d !== null);
  const out = [diff(sorted(ref), sorted(other), names, columns)];
  if (order !== 'none') {
    const project = (rows: Row[]) => rows.map((r) => order.map((i) => r[i] ?? null));
    out.push(
      diff(
        project(ref),
        project(other),
        [`${names[0]}, in order`, `${names[1]}, in order`],
        order.map((i) => columns[i]!),
      ),
    );
  }
  return out.filter((d): d is string => d !== null);
}

describe('dialect round trip: one plan, the same rows on DuckDB, PostgreSQL and MariaDB', () => {
  for (const c of CASES) {
    const read = planOf(c);
    if ('missing' in read) {
      it.skip(`${c.name} — this build's plan has no ${read.missing}`, () => undefined);
      continue;
    }
    const { plan } = read;
    it(c.name, async () => {
      const problems: string[] = [];
      const results: { engine: string; rows: Row[]; sql: string; columns: string[] }[] = [];
      for (const target of targets) {
        const refusal = c.refuses?.[target.engine];
        if (refusal) {
          expect(() => compilePlan(plan, target.model, target.engine)).toThrow(PlanError);
          expect(() => compilePlan(plan, target.model, target.engine)).toThrow(refusal);
          continue;
        }
        results.push({ engine: target.engine, ...(await run(target, plan)) });
      }
      const [ref, ...others] = results;
      expect(ref, 'DuckDB always runs').toBeDefined();
      if (!c.empty) expect(ref!.rows.length, `${c.name}: DuckDB returned no rows`).toBeGreaterThan(0);
      if (c.oracle)
        problems.push(
          ...compare(c, plan, c.oracle(), ref!.rows, ['expected (in memory)', ref!.engine], ref!.columns),
        );
      for (const o of others) {
        expect(o.columns).toEqual(ref!.columns);
        problems.push(
          ...compare(c, plan, ref!.rows, o.rows, [ref!.engine, o.engine], ref!.columns).map(
            (d) => `${d}\n--- ${o.engine} SQL:\n${o.sql}`,
          ),
        );
      }
      if (problems.length)
        throw new Error(`${c.name}\n${problems.join('\n\n')}\n--- duckdb SQL:\n${ref!.sql}`);
    });
  }
});
