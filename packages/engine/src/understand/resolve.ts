import type { SemanticModel, ModelColumn, ModelTable } from '../model/types';
import type { ColumnHit, Mention, ValueHit } from './mentions';
import { joinPath } from '../sql/joins';
import { lemma, splitIdentifier } from '../nlp/text';

/** A mention after the parser picked one reading for it. */
export type Resolved =
  | {
      kind: 'column';
      start: number;
      end: number;
      column: ModelColumn;
      quality: number;
      ambiguous: boolean;
      joined: boolean;
      alternatives: ModelColumn[];
    }
  | { kind: 'table'; start: number; end: number; table: ModelTable; quality: number }
  | { kind: 'value'; start: number; end: number; hits: ValueHit[]; quality: number };

const PRIORITY: Record<Mention['kind'], number> = { table: 2, column: 3, value: 1 };

/** Picks the table the question is about: the one its words point at most. */
export function chooseTable(
  model: SemanticModel,
  mentions: Mention[],
  counted: Set<number> = new Set(),
): { table: ModelTable; margin: number; ranked: { table: ModelTable; score: number }[] } | null {
  if (!model.tables.length) return null;
  const score = new Map<string, number>(model.tables.map((t) => [t.name, 0]));
  const bump = (name: string, by: number): void => void score.set(name, (score.get(name) ?? 0) + by);
  for (const m of mentions) {
    if (m.kind === 'table') {
      // "by region" may name column orders.region as well as table regions.
      const alsoColumn = mentions.some(
        (o) =>
          o.kind === 'column' &&
          o.start === m.start &&
          o.end === m.end &&
          o.hits.some((h) => h.quality >= 0.95 && !m.tables.some((t) => t.table.name === h.ref.table)),
      );
      for (const t of m.tables)
        bump(
          t.table.name,
          (alsoColumn ? 1.2 : 3) * t.quality * (m.end - m.start) + (counted.has(m.start) ? 1.5 : 0),
        );
    }
    if (m.kind === 'column') {
      const tables = new Set(m.hits.map((h) => h.ref.table));
      for (const t of tables) {
        const own = m.hits.filter((h) => h.ref.table === t);
        const kpi = own.some((h) => h.column.entityType === 'KPI' && h.quality >= 0.95) ? 1.5 : 1;
        bump(t, (1.2 * kpi * Math.max(...own.map((h) => h.quality))) / Math.sqrt(tables.size));
      }
    }
    if (m.kind === 'value') {
      const tables = new Set(m.hits.map((h) => h.ref.table));
      for (const t of tables) bump(t, (1 * (m.end - m.start)) / tables.size);
    }
  }
  const ranked = [...score.entries()].sort(
    (a, b) => b[1] - a[1] || tableRows(model, b[0]) - tableRows(model, a[0]),
  );
  const best = model.tables.find((t) => t.name === ranked[0]![0])!;
  return {
    table: best,
    margin: ranked[0]![1] - (ranked[1]?.[1] ?? 0),
    ranked: ranked.map(([name, s]) => ({ table: model.tables.find((t) => t.name === name)!, score: s })),
  };
}

function bestQuality(m: Mention, base: string): number {
  if (m.kind === 'table')
    return Math.max(...m.tables.map((t) => (t.table.name === base ? t.quality : t.quality * 0.5)));
  const hits = m.hits.filter((h) => h.ref.table === base);
  return hits.length ? Math.max(...hits.map((h) => h.quality)) : 0.3;
}

const tableRows = (model: SemanticModel, name: string): number =>
  model.tables.find((t) => t.name === name)?.rowCount ?? 0;

const NAME_FILLER = new Set(['id', 'name', 'code', 'by', 'of', 'the', 'number', 'type', 'date']);

function pickColumn(
  hits: ColumnHit[],
  base: ModelTable,
  model: SemanticModel,
  elsewhere: Set<string>,
): { hit: ColumnHit; ambiguous: boolean; alternatives: ModelColumn[] } | null {
  const reachable = (h: ColumnHit): boolean =>
    h.ref.table === base.name || (joinPath(model, base.name, h.ref.table)?.length ?? 9) <= 1;
  const own = hits.filter((h) => h.ref.table === base.name);
  const pool = own.length ? own : hits.filter((h) => reachable(h) && h.quality >= 0.95);
  if (!pool.length) return null;
  // Between equally good columns, the one whose other name words the question also says.
  const said = (h: ColumnHit): number =>
    splitIdentifier(h.column.name)
      .map(lemma)
      .filter((w) => !NAME_FILLER.has(w) && elsewhere.has(w)).length;
  const sorted = [...pool].sort((a, b) => b.quality - a.quality || said(b) - said(a));
  const best = sorted[0]!;
  const ambiguous =
    sorted.length > 1 &&
    sorted[1]!.quality === best.quality &&
    sorted[1]!.ref.table === best.ref.table &&
    said(sorted[1]!) === said(best);
  return {
    hit: best,
    ambiguous,
    alternatives: sorted.filter((h) => h.ref.table === best.ref.table && h !== best).map((h) => h.column),
  };
}

/**
 * Chooses one non-overlapping reading of the mentions: longer phrases first; at equal length
 * a column beats a table beats a value, except that quoted text is always a value.
 */
export function resolveMentions(
  mentions: Mention[],
  base: ModelTable,
  model: SemanticModel,
  quotedAt: Set<number>,
  lemmas: string[] = [],
): Resolved[] {
  const sorted = [...mentions].sort((a, b) => {
    const qa = a.kind === 'value' && quotedAt.has(a.start) ? 1 : 0;
    const qb = b.kind === 'value' && quotedAt.has(b.start) ? 1 : 0;
    if (qa !== qb) return qb - qa;
    const la = a.end - a.start;
    const lb = b.end - b.start;
    if (la !== lb) return lb - la;
    const wa = bestQuality(a, base.name);
    const wb = bestQuality(b, base.name);
    if (Math.abs(wa - wb) > 0.01) return wb - wa;
    const baseA = a.kind === 'value' && a.hits.some((h) => h.ref.table === base.name) ? 0.5 : 0;
    const baseB = b.kind === 'value' && b.hits.some((h) => h.ref.table === base.name) ? 0.5 : 0;
    const tableA = a.kind === 'table' && a.tables.some((t) => t.table.name === base.name) ? 0.8 : 0;
    const tableB = b.kind === 'table' && b.tables.some((t) => t.table.name === base.name) ? 0.8 : 0;
    return PRIORITY[b.kind] + baseB + tableB - (PRIORITY[a.kind] + baseA + tableA);
  });
  const taken = new Set<number>();
  const out: Resolved[] = [];
  for (const m of sorted) {
    let free = true;
    for (let k = m.start; k < m.end; k++) if (taken.has(k)) free = false;
    if (!free) continue;
    let r: Resolved | null = null;
    if (m.kind === 'table') {
      const t =
        m.tables.find((x) => x.table.name === base.name) ??
        m.tables.find((x) => joinPath(model, base.name, x.table.name));
      if (t) r = { kind: 'table', start: m.start, end: m.end, table: t.table, quality: t.quality };
    } else if (m.kind === 'column') {
      const elsewhere = new Set(lemmas.filter((_, k) => k < m.start || k >= m.end));
      const p = pickColumn(m.hits, base, model, elsewhere);
      if (p)
        r = {
          kind: 'column',
          start: m.start,
          end: m.end,
          column: p.hit.column,
          quality: p.hit.quality,
          ambiguous: p.ambiguous,
          joined: p.hit.ref.table !== base.name,
          alternatives: p.alternatives,
        };
    } else {
      const own = m.hits.filter((h) => h.ref.table === base.name);
      const hits = own.length
        ? own
        : m.hits.filter((h) => (joinPath(model, base.name, h.ref.table)?.length ?? 9) <= 1);
      if (hits.length)
        r = {
          kind: 'value',
          start: m.start,
          end: m.end,
          hits,
          quality: Math.max(...hits.map((h) => h.quality)) * (own.length ? 1 : 0.6),
        };
    }
    if (!r) continue;
    for (let k = m.start; k < m.end; k++) taken.add(k);
    out.push(r);
  }
  return out.sort((a, b) => a.start - b.start);
}
