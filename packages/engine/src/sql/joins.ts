import type { TColumnRef } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';

export interface JoinStep {
  from: TColumnRef[];
  to: TColumnRef[];
  /**
   * True when the step goes from a parent's key to the rows that reference it (one-to-many):
   * each row before the step may meet several rows after it. A model join's `to` columns are a
   * key of their table (one row per value), so following a join forwards never fans out.
   */
  fanOut: boolean;
}

const cache = new WeakMap<SemanticModel, Map<string, JoinStep[] | null>>();

/** Shortest foreign-key path between two tables (breadth-first over the model's joins). */
export function joinPath(model: SemanticModel, from: string, to: string): JoinStep[] | null {
  if (from === to) return [];
  let memo = cache.get(model);
  if (!memo) cache.set(model, (memo = new Map()));
  const key = `${from}\u0000${to}`;
  if (memo.has(key)) return memo.get(key)!;
  const edges = new Map<string, JoinStep[]>();
  for (const j of model.joins) {
    const a = j.from[0]!.table;
    const b = j.to[0]!.table;
    edges.set(a, [...(edges.get(a) ?? []), { from: j.from, to: j.to, fanOut: false }]);
    edges.set(b, [...(edges.get(b) ?? []), { from: j.to, to: j.from, fanOut: true }]);
  }
  // Of two equally short paths, the one that does not fan out.
  for (const list of edges.values()) list.sort((x, y) => Number(x.fanOut) - Number(y.fanOut));
  const prev = new Map<string, { table: string; step: JoinStep }>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length) {
    const cur = queue.shift()!;
    if (cur === to) break;
    for (const step of edges.get(cur) ?? []) {
      const next = step.to[0]!.table;
      if (seen.has(next)) continue;
      seen.add(next);
      prev.set(next, { table: cur, step });
      queue.push(next);
    }
  }
  let result: JoinStep[] | null = null;
  if (seen.has(to)) {
    result = [];
    for (let t = to; t !== from;) {
      const p = prev.get(t)!;
      result.unshift(p.step);
      t = p.table;
    }
    if (result.length > 3) result = null;
  }
  memo.set(key, result);
  return result;
}

/**
 * Whether each row of `base` refers to one row of `table` (every step many-to-one): the table's
 * columns then describe the base's rows, as a store's region describes an order.
 */
function describes(model: SemanticModel, base: string, table: string): boolean {
  const path = joinPath(model, base, table);
  return path !== null && path.length > 0 && path.every((s) => !s.fanOut);
}

/**
 * Whether `base` is a fact table (dated rows with measures: orders, payments) and `table` one of
 * the dimensions its rows refer to (their store, product, customer): the star schema's shape,
 * where grouping or filtering a fact by its dimensions' attributes is the ordinary question.
 */
export function isDimensionOfFact(model: SemanticModel, base: string, table: string): boolean {
  const fact = model.tables.find((t) => t.name === base);
  if (!fact?.columns.some((c) => c.isTime) || !fact.columns.some((c) => c.entityType === 'KPI' && !c.isKey))
    return false;
  return describes(model, base, table);
}
