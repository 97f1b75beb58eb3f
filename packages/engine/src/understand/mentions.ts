import type { TColumnRef } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { editDistance, lemma, normValue, splitIdentifier, type Token } from '../nlp/text';

export interface ColumnHit { ref: TColumnRef; column: ModelColumn; quality: number }
export interface ValueHit { ref: TColumnRef; column: ModelColumn; value: string; quality: number }

export type Mention =
  | { kind: 'column'; start: number; end: number; hits: ColumnHit[] }
  | { kind: 'table'; start: number; end: number; tables: { table: ModelTable; quality: number }[] }
  | { kind: 'value'; start: number; end: number; hits: ValueHit[] };

/** Lookup structures derived from a model once and cached on it. */
export interface ModelIndex {
  columns: Map<string, ColumnHit[]>;
  tables: Map<string, { table: ModelTable; quality: number }[]>;
  values: Map<string, ValueHit[]>;
  maxValueWords: number;
}

const indexCache = new WeakMap<SemanticModel, ModelIndex>();
const WEAK_TAIL = new Set(['id', 'code', 'name', 'number', 'value', 'amount', 'count', 'type', 'text', 'description', 'detail', 'date']);
const MAX_VALUES_PER_KEY = 20;
const PART_STOP = new Set(['of', 'in', 'the', 'and', 'per', 'usd', 'million', 'millions', 'billion', 'first', 'last', 'total', 'max', 'min', 'avg', 'average', 'start', 'end', 'is', 'has']);
/** Well-known short names of values ("US" for USA, "UK" for United Kingdom). */
const VALUE_NICKNAMES: Record<string, string[]> = {
  usa: ['us', 'united states', 'america'], 'united states': ['us', 'usa', 'america'], 'united states of america': ['us', 'usa'],
  us: ['usa', 'united states'], uk: ['united kingdom', 'britain'], 'united kingdom': ['uk', 'britain'],
};
const LONE_WEAK = new Set(['number', 'id', 'count', 'code', 'no', 'value', 'amount', 'date', 'type']);
/** Words people use for coded values: "female" for F. */
const VALUE_ALIASES: Record<string, string[]> = {
  f: ['female', 'females', 'women', 'woman', 'girl', 'girls'], m: ['male', 'males', 'men', 'man', 'boy', 'boys'],
  y: ['yes'], n: ['no'], t: ['true'],
};

function add<T>(map: Map<string, T[]>, key: string, item: T): void {
  if (!key) return;
  const list = map.get(key) ?? [];
  list.push(item);
  map.set(key, list);
}

const lemmaKey = (words: string[]): string => words.map(lemma).join(' ');

function columnVariants(column: ModelColumn, table: ModelTable): { key: string; quality: number }[] {
  const words = splitIdentifier(column.name);
  const out: { key: string; quality: number }[] = [{ key: lemmaKey(words), quality: 1 }];
  const tableWords = splitIdentifier(table.name).map(lemma);
  // "customer_name" in table customers is also just "name"; "sbCustCountry" is also "country".
  let rest = words;
  while (rest.length > 1 && (tableWords.includes(lemma(rest[0]!)) || rest[0]!.length <= 2)) rest = rest.slice(1);
  if (rest !== words && !LONE_WEAK.has(rest.join(' '))) out.push({ key: lemmaKey(rest), quality: 0.95 });
  // "GType": a letter or two before a weak word still names the column.
  else if (rest !== words && words.length === 2 && words[0]!.length <= 2 && !tableWords.includes(lemma(words[0]!)) && !['id', 'no', 'number'].includes(rest[0]!)) out.push({ key: lemmaKey(rest), quality: 0.8 });
  if (words.length > 1 && WEAK_TAIL.has(words[words.length - 1]!)) out.push({ key: lemmaKey(words.slice(0, -1)), quality: 0.85 });
  if (rest.length > 1 && rest !== words && WEAK_TAIL.has(rest[rest.length - 1]!)) out.push({ key: lemmaKey(rest.slice(0, -1)), quality: 0.8 });
  for (const s of column.synonyms) out.push({ key: lemma(s), quality: 0.7 });
  // "gtype", "dname": a one- or two-letter prefix glued to a common word.
  if (words.length === 1 && /^[a-z]{1,2}(type|name|code|title|date|year|size|rank)$/.test(words[0]!)) out.push({ key: words[0]!.replace(/^[a-z]{1,2}(?=(type|name|code|title|date|year|size|rank)$)/, ''), quality: 0.8 });
  // "ranking" is also asked as "rank".
  const lastWord = rest[rest.length - 1]!;
  if (lastWord.length >= 7 && lastWord.endsWith('ing')) out.push({ key: lemmaKey([...rest.slice(0, -1), lastWord.slice(0, -3)]), quality: 0.8 });
  const core = rest.length === 2 ? rest : words.length === 2 ? words : null;
  if (core && !WEAK_TAIL.has(core[0]!) && !['number', 'count', 'id', 'no', 'code'].includes(core[1]!)) out.push({ key: `${lemma(core[1]!)} of ${lemma(core[0]!)}`, quality: 0.9 });
  if (core && WEAK_TAIL.has(core[0]!)) out.push({ key: `${lemma(core[0]!)} of ${lemma(core[1]!)}`, quality: 0.9 });
  // "Total_Horses" is asked as "the total number of horses".
  if (core && core[0] === 'total' && column.kind === 'number') out.push({ key: `total number of ${lemma(core[1]!)}`, quality: 0.95 });
  // Parts of longer names: "damage" for damage_millions_USD, "market value" for Market_Value_in_Billion.
  const lw = words.map(lemma);
  for (let a = 0; a < lw.length && lw.length > 1; a++) {
    for (let b = a + 1; b <= lw.length && b - a <= (lw.length >= 5 ? 4 : 3); b++) {
      const part = lw.slice(a, b);
      if (b - a === lw.length || part.every((w) => WEAK_TAIL.has(w) || PART_STOP.has(w) || w.length < 3)) continue;
      out.push({ key: part.join(' '), quality: 0.5 + 0.3 * ((b - a) / lw.length) + (a === 0 ? 0.05 : 0) });
    }
  }
  return out;
}

export function indexModel(model: SemanticModel): ModelIndex {
  const cached = indexCache.get(model);
  if (cached) return cached;
  const columns = new Map<string, ColumnHit[]>();
  const tables = new Map<string, { table: ModelTable; quality: number }[]>();
  const values = new Map<string, ValueHit[]>();
  let maxValueWords = 1;
  for (const table of model.tables) {
    const words = splitIdentifier(table.name);
    add(tables, lemmaKey(words), { table, quality: 1 });
    const last = words[words.length - 1]!;
    if (words.length > 1 && last.length > 2 && !VALUE_STOP.has(last) && !PART_STOP.has(last)) add(tables, lemma(last), { table, quality: 0.6 });
    // "sbCustomer" is "customer"; "wallet_transactions_daily" is "wallet transactions".
    let rest = words;
    while (rest.length > 1 && rest[0]!.length <= 2) rest = rest.slice(1);
    if (rest !== words) add(tables, lemmaKey(rest), { table, quality: 0.95 });
    for (let n = 2; n < rest.length; n++) add(tables, lemmaKey(rest.slice(0, n)), { table, quality: 0.8 });
    for (const s of table.synonyms) add(tables, lemma(s), { table, quality: 0.7 });
    for (const column of table.columns) {
      const ref = { table: table.name, column: column.name };
      const seen = new Set<string>();
      for (const v of columnVariants(column, table)) {
        if (seen.has(v.key)) continue;
        seen.add(v.key);
        add(columns, v.key, { ref, column, quality: v.quality });
      }
      // "ids" of a table means its own key column.
      const w = splitIdentifier(column.name).map(lemma);
      const own = splitIdentifier(table.name).map(lemma);
      const uniqueId = /id$/i.test(column.name) && column.name.length <= 4 && column.distinctCount === table.rowCount;
      if ((w[w.length - 1] === 'id' && (w.length === 1 || table.primaryKey.includes(column.name) || w.slice(0, -1).join(' ') === own.join(' '))) || uniqueId) add(columns, 'id', { ref, column, quality: 0.8 });
      for (const value of column.values) {
        const norm = normValue(value);
        if (!norm || norm.length > 80) continue;
        const n = norm.split(' ').length;
        maxValueWords = Math.max(maxValueWords, Math.min(n, 6));
        const hit = { ref, column, value, quality: 1 };
        const list = values.get(norm);
        if (!list || list.length < MAX_VALUES_PER_KEY) add(values, norm, hit);
        for (const alias of VALUE_ALIASES[norm] ?? []) if (column.values.length <= 3) add(values, alias, { ...hit, quality: 0.9 });
        for (const alias of VALUE_NICKNAMES[norm] ?? []) add(values, alias, { ...hit, quality: 0.9 });
        const lem = lemmaKey(norm.split(' '));
        if (lem !== norm && (values.get(lem)?.length ?? 0) < MAX_VALUES_PER_KEY) add(values, lem, { ...hit, quality: 0.9 });
      }
    }
  }
  const index = { columns, tables, values, maxValueWords };
  indexCache.set(model, index);
  return index;
}

const VALUE_STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'for', 'and', 'or', 'to', 'by', 'is', 'are', 'all', 'each', 'with', 'what', 'which', 'how', 'many', 'number', 'name', 'names', 'list', 'show', 'yes', 'no', 'none', 'other', 'others', 'total', 'count', 'average', 'who', 'that', 'this', 'have', 'has', 'do', 'does', 'it', 'be', 'not', 'one', 'more', 'than', 'less', 'most', 'least', 'id', 'type', 'different', 'distinct', 'unique', 'year', 'date', 'first', 'last', 'new', 'old']);

/**
 * Finds every phrase of the question that names a table, a column or a value of the model.
 * Overlaps are allowed here; the parser decides which reading wins.
 */
export function findMentions(tokens: Token[], model: SemanticModel): Mention[] {
  const index = indexModel(model);
  const out: Mention[] = [];
  const maxN = Math.max(4, index.maxValueWords);
  for (let i = 0; i < tokens.length; i++) {
    for (let n = Math.min(maxN, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      if (span.some((t) => t.quoted) && n > 1) continue;
      const textKey = span.map((t) => (t.quoted ? normValue(t.raw) : t.text)).join(' ');
      const lemKey = span.map((t) => t.lemma).join(' ');
      const quoted = span.length === 1 && span[0]!.quoted;
      if (!quoted && n <= 4) {
        const cols = index.columns.get(lemKey);
        if (cols) out.push({ kind: 'column', start: i, end: i + n, hits: cols });
        const tabs = index.tables.get(lemKey);
        if (tabs) out.push({ kind: 'table', start: i, end: i + n, tables: tabs });
      }
      const singleStop = n === 1 && (VALUE_STOP.has(textKey) || (textKey.length < 2 && !quoted));
      if (singleStop) continue;
      // "us" is a pronoun unless written "US".
      if (n === 1 && textKey === 'us' && span[0]!.raw !== 'US') continue;
      const vals = index.values.get(quoted ? normValue(span[0]!.raw) : textKey) ?? (quoted ? undefined : index.values.get(lemKey));
      if (vals) out.push({ kind: 'value', start: i, end: i + n, hits: quoted ? vals.map((h) => ({ ...h, quality: 1 })) : vals });
    }
  }
  addFuzzyValues(tokens, index, out);
  addFuzzyNames(tokens, index, out);
  return out;
}

/** Typo-tolerant column and table names for words nothing else explains ("semeseter"). */
function addFuzzyNames(tokens: Token[], index: ModelIndex, out: Mention[]): void {
  const covered = new Set<number>();
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  for (const [i, t] of tokens.entries()) {
    if (covered.has(i) || t.lemma.length < 6 || t.number !== null || t.quoted || VALUE_STOP.has(t.text)) continue;
    const cols: ColumnHit[] = [];
    for (const [key, list] of index.columns) {
      if (key.includes(' ') || Math.abs(key.length - t.lemma.length) > 1 || key.length < 6) continue;
      if (editDistance(key, t.lemma, 1) <= 1) cols.push(...list.filter((h) => h.quality >= 0.9).map((h) => ({ ...h, quality: 0.6 })));
    }
    if (cols.length) out.push({ kind: 'column', start: i, end: i + 1, hits: cols });
    const tabs: { table: ModelTable; quality: number }[] = [];
    for (const [key, list] of index.tables) {
      if (key.includes(' ') || Math.abs(key.length - t.lemma.length) > 1 || key.length < 6) continue;
      if (editDistance(key, t.lemma, 1) <= 1) tabs.push(...list.map((h) => ({ ...h, quality: 0.6 })));
    }
    if (tabs.length) out.push({ kind: 'table', start: i, end: i + 1, tables: tabs });
  }
}

/** Typo-tolerant value matches for words nothing else explains ("Eurpoe" → Europe). */
function addFuzzyValues(tokens: Token[], index: ModelIndex, out: Mention[]): void {
  const covered = new Set<number>();
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  for (const [i, t] of tokens.entries()) {
    if (covered.has(i) || t.text.length < 5 || t.number !== null || VALUE_STOP.has(t.text)) continue;
    const hits: ValueHit[] = [];
    for (const [key, list] of index.values) {
      if (key.includes(' ') || Math.abs(key.length - t.text.length) > 1) continue;
      if (editDistance(key, t.text, 1) <= 1) hits.push(...list.map((h) => ({ ...h, quality: 0.6 })));
      if (hits.length > 10) break;
    }
    if (hits.length) out.push({ kind: 'value', start: i, end: i + 1, hits });
  }
}
