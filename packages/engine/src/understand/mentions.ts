import type { TColumnRef } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { editDistance, lemma, normValue, splitIdentifier, type Token } from '../nlp/text';
import { isKnownWord } from '../nlp/segment';
import { synonymsOf } from '../nlp/lexicon';
import { meaningMentions, stateValueMentions } from './by-meaning';
import { AGG_WORDS, INTENT_VERBS } from './keywords';

export interface ColumnHit {
  ref: TColumnRef;
  column: ModelColumn;
  quality: number;
}
export interface ValueHit {
  ref: TColumnRef;
  column: ModelColumn;
  value: string;
  quality: number;
}

export type Mention =
  | { kind: 'column'; start: number; end: number; hits: ColumnHit[]; byMeaning?: true }
  | { kind: 'table'; start: number; end: number; tables: { table: ModelTable; quality: number }[] }
  | { kind: 'value'; start: number; end: number; hits: ValueHit[] };

/** Lookup structures derived from a model once and cached on it. */
export interface ModelIndex {
  columns: Map<string, ColumnHit[]>;
  tables: Map<string, { table: ModelTable; quality: number }[]>;
  values: Map<string, ValueHit[]>;
  /** Values by their initials ("la" → Los Angeles), for words written in capitals. */
  initials: Map<string, ValueHit[]>;
  maxValueWords: number;
}

const indexCache = new WeakMap<SemanticModel, ModelIndex>();
const WEAK_TAIL = new Set([
  'id',
  'code',
  'name',
  'number',
  'value',
  'amount',
  'count',
  'type',
  'text',
  'description',
  'detail',
  'date',
]);
const MAX_VALUES_PER_KEY = 20;
const PART_STOP = new Set([
  'of',
  'in',
  'the',
  'and',
  'per',
  'usd',
  'million',
  'millions',
  'billion',
  'first',
  'last',
  'total',
  'max',
  'min',
  'avg',
  'average',
  'start',
  'end',
  'is',
  'has',
]);
/** Well-known short names of values ("US" for USA, "UK" for United Kingdom). */
const VALUE_NICKNAMES: Record<string, string[]> = {
  usa: ['us', 'united states', 'america'],
  'united states': ['us', 'usa', 'america'],
  'united states of america': ['us', 'usa'],
  us: ['usa', 'united states'],
  uk: ['united kingdom', 'britain'],
  'united kingdom': ['uk', 'britain'],
};
const LONE_WEAK = new Set(['number', 'id', 'count', 'code', 'no', 'value', 'amount', 'date', 'type']);
/** Words people use for coded values: "female" for F. */
const VALUE_ALIASES: Record<string, string[]> = {
  f: ['female', 'females', 'women', 'woman', 'girl', 'girls'],
  m: ['male', 'males', 'men', 'man', 'boy', 'boys'],
  y: ['yes'],
  n: ['no'],
  t: ['true'],
};

function add<T>(map: Map<string, T[]>, key: string, item: T): void {
  if (!key) return;
  const list = map.get(key) ?? [];
  list.push(item);
  map.set(key, list);
}

const lemmaKey = (words: string[]): string => words.map(lemma).join(' ');

/** Units a measure's name may end in ("weight_kg", "distance_km"), which alone name it. */
const UNIT_TAILS = new Set(['kg', 'kgs', 'km', 'lb', 'lbs', 'miles', 'usd', 'eur', 'gbp', 'mb', 'gb', 'kwh']);

function columnVariants(column: ModelColumn, table: ModelTable): { key: string; quality: number }[] {
  const words = splitIdentifier(column.name);
  const out: { key: string; quality: number }[] = [{ key: lemmaKey(words), quality: 1 }];
  const tableWords = splitIdentifier(table.name).map(lemma);
  // "customer_name" in table customers is also just "name"; "sbCustCountry" is also "country".
  let rest = words;
  while (rest.length > 1 && (tableWords.includes(lemma(rest[0]!)) || rest[0]!.length <= 2))
    rest = rest.slice(1);
  if (rest !== words && !LONE_WEAK.has(rest.join(' '))) out.push({ key: lemmaKey(rest), quality: 0.95 });
  // "GType": a letter or two before a weak word still names the column.
  else if (
    rest !== words &&
    words.length === 2 &&
    words[0]!.length <= 2 &&
    !tableWords.includes(lemma(words[0]!)) &&
    !['id', 'no', 'number'].includes(rest[0]!)
  )
    out.push({ key: lemmaKey(rest), quality: 0.8 });
  if (words.length > 1 && WEAK_TAIL.has(words[words.length - 1]!))
    out.push({ key: lemmaKey(words.slice(0, -1)), quality: 0.85 });
  if (rest.length > 1 && rest !== words && WEAK_TAIL.has(rest[rest.length - 1]!))
    out.push({ key: lemmaKey(rest.slice(0, -1)), quality: 0.8 });
  for (const s of column.synonyms) out.push({ key: lemma(s), quality: 0.7 });
  // "100 kg", "cost per kg": the unit a measure is kept in names it.
  const unit = words[words.length - 1]!.toLowerCase();
  if (column.kind === 'number' && words.length > 1 && UNIT_TAILS.has(unit))
    out.push({ key: unit, quality: 0.75 });
  // "support percentage" for support_rate, "locations" for dept_address in table department.
  const head = rest[rest.length - 1]!;
  for (const syn of synonymsOf(head)) {
    if (rest.length > 1) out.push({ key: lemmaKey([...rest.slice(0, -1), syn]), quality: 0.7 });
    else if (rest !== words) out.push({ key: lemma(syn), quality: 0.65 });
  }
  // "directors" for directed_by, "owners" for owned_by: the doer of the verb.
  if (words.length === 2 && words[1] === 'by' && /ed$/.test(words[0]!)) {
    const root = verbRoot(words[0]!);
    for (const agent of [`${root}or`, `${root}er`, `${root}ers`.slice(0, -1)])
      out.push({ key: lemma(agent), quality: 0.85 });
  }
  // "gtype", "dname": a one- or two-letter prefix glued to a common word.
  if (words.length === 1 && /^[a-z]{1,2}(type|name|code|title|date|year|size|rank)$/.test(words[0]!))
    out.push({
      key: words[0]!.replace(/^[a-z]{1,2}(?=(type|name|code|title|date|year|size|rank)$)/, ''),
      quality: 0.8,
    });
  // "ranking" is also asked as "rank".
  const lastWord = rest[rest.length - 1]!;
  if (lastWord.length >= 7 && lastWord.endsWith('ing'))
    out.push({ key: lemmaKey([...rest.slice(0, -1), lastWord.slice(0, -3)]), quality: 0.8 });
  const core = rest.length === 2 ? rest : words.length === 2 ? words : null;
  if (core && !WEAK_TAIL.has(core[0]!) && !['number', 'count', 'id', 'no', 'code'].includes(core[1]!))
    out.push({ key: `${lemma(core[1]!)} of ${lemma(core[0]!)}`, quality: 0.9 });
  // "the id of the project" for project_id, "the code of the location" for location_code.
  if (core && !WEAK_TAIL.has(core[0]!) && ['id', 'code'].includes(core[1]!))
    out.push({ key: `${core[1]!} of ${lemma(core[0]!)}`, quality: 0.9 });
  if (core && WEAK_TAIL.has(core[0]!))
    out.push({ key: `${lemma(core[0]!)} of ${lemma(core[1]!)}`, quality: 0.9 });
  // "bedroom_count" is asked as "the number of bedrooms".
  if (
    core &&
    (core[1] === 'count' || (['number', 'no'].includes(core[1]!) && column.entityType === 'KPI')) &&
    !WEAK_TAIL.has(core[0]!)
  )
    out.push({ key: `number of ${lemma(core[0]!)}`, quality: 0.9 });
  // "max_temperature_f" is also "maximum temperature", "Average_Price" also "avg price",
  // "dest_city" also "destination city".
  const EXPAND: Record<string, string> = {
    max: 'maximum',
    min: 'minimum',
    avg: 'average',
    maximum: 'max',
    minimum: 'min',
    average: 'avg',
    dest: 'destination',
    orig: 'origin',
  };
  if (words.some((w) => EXPAND[w])) {
    const alt = words.map((w) => EXPAND[w] ?? w);
    out.push({ key: lemmaKey(alt), quality: 0.8 });
    for (let n = 2; n < alt.length && n <= 3; n++)
      if (EXPAND[words[0]!])
        out.push({ key: lemmaKey(alt.slice(0, n)), quality: 0.5 + 0.3 * (n / alt.length) + 0.05 });
  }
  // "Total_Horses" is asked as "the total number of horses".
  if (core && core[0] === 'total' && column.kind === 'number')
    out.push({ key: `total number of ${lemma(core[1]!)}`, quality: 0.95 });
  // Parts of longer names: "damage" for damage_millions_USD, "market value" for Market_Value_in_Billion.
  const lw = words.map(lemma);
  for (let a = 0; a < lw.length && lw.length > 1; a++) {
    for (let b = a + 1; b <= lw.length && b - a <= (lw.length >= 5 ? 4 : 3); b++) {
      const part = lw.slice(a, b);
      if (b - a === lw.length || part.every((w) => WEAK_TAIL.has(w) || PART_STOP.has(w) || w.length < 3))
        continue;
      // "unit" of unit_price: a modifier that is itself a word of the lexicon ("units" is a
      // quantity) names this column less than a column that word means.
      const modifier = b < lw.length && b - a === 1 && synonymsOf(part[0]!).length > 0;
      out.push({
        key: part.join(' '),
        quality: 0.5 + 0.3 * ((b - a) / lw.length) + (a === 0 ? 0.05 : 0) - (modifier ? 0.1 : 0),
      });
    }
  }
  return out;
}

const PLACE_WORDS = new Set([
  'city',
  'town',
  'county',
  'state',
  'country',
  'region',
  'province',
  'district',
  'area',
  'location',
  'place',
  'territory',
  'airport',
  'origin',
  'destination',
  'port',
  'station',
]);

/**
 * Whether a column names places, or names shared by many rows (at least two rows a value on
 * average): the kinds of names written by their initials ("LA", "NY").
 */
function namesPlacesOrGroups(column: ModelColumn, table: ModelTable): boolean {
  const words = [...splitIdentifier(column.name), ...splitIdentifier(table.name)].map(lemma);
  if (words.some((w) => PLACE_WORDS.has(w))) return true;
  return column.distinctCount != null && table.rowCount != null && column.distinctCount * 2 <= table.rowCount;
}

export function indexModel(model: SemanticModel): ModelIndex {
  const cached = indexCache.get(model);
  if (cached) return cached;
  const columns = new Map<string, ColumnHit[]>();
  const tables = new Map<string, { table: ModelTable; quality: number }[]>();
  const values = new Map<string, ValueHit[]>();
  const initials = new Map<string, ValueHit[]>();
  let maxValueWords = 1;
  for (const table of model.tables) {
    const words = splitIdentifier(table.name);
    add(tables, lemmaKey(words), { table, quality: 1 });
    const last = words[words.length - 1]!;
    if (words.length > 1 && last.length > 2 && !VALUE_STOP.has(last) && !PART_STOP.has(last))
      add(tables, lemma(last), { table, quality: 0.6 });
    // "sbCustomer" is "customer"; "wallet_transactions_daily" is "wallet transactions".
    let rest = words;
    while (rest.length > 1 && rest[0]!.length <= 2) rest = rest.slice(1);
    if (rest !== words) add(tables, lemmaKey(rest), { table, quality: 0.95 });
    for (let n = 2; n < rest.length; n++) add(tables, lemmaKey(rest.slice(0, n)), { table, quality: 0.8 });
    // "web accelerators" for Web_client_accelerator: the first and the head word.
    if (rest.length >= 3 && !PART_STOP.has(rest[0]!) && !VALUE_STOP.has(rest[rest.length - 1]!))
      add(tables, lemmaKey([rest[0]!, rest[rest.length - 1]!]), { table, quality: 0.8 });
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
      const uniqueId =
        /id$/i.test(column.name) && column.name.length <= 4 && column.distinctCount === table.rowCount;
      if (
        (w[w.length - 1] === 'id' &&
          (w.length === 1 ||
            table.primaryKey.includes(column.name) ||
            w.slice(0, -1).join(' ') === own.join(' '))) ||
        uniqueId
      )
        add(columns, 'id', { ref, column, quality: 0.8 });
      for (const value of column.values) {
        const norm = normValue(value);
        if (!norm || norm.length > 80) continue;
        const n = norm.split(' ').length;
        maxValueWords = Math.max(maxValueWords, Math.min(n, 6));
        const hit = { ref, column, value, quality: 1 };
        const list = values.get(norm);
        if (!list || list.length < MAX_VALUES_PER_KEY) add(values, norm, hit);
        for (const alias of VALUE_ALIASES[norm] ?? [])
          if (column.values.length <= 3) add(values, alias, { ...hit, quality: 0.9 });
        for (const alias of VALUE_NICKNAMES[norm] ?? []) add(values, alias, { ...hit, quality: 0.9 });
        const lem = lemmaKey(norm.split(' '));
        if (lem !== norm && (values.get(lem)?.length ?? 0) < MAX_VALUES_PER_KEY)
          add(values, lem, { ...hit, quality: 0.9 });
        // "LA" for Los Angeles: the initials of a name of a few capitalised words, when it names
        // a place or a group many rows share. Another name of nearly one row each is a person's
        // or a company's, and capitals in a question are far likelier an abbreviation of a term
        // ("AR") than someone's initials.
        const parts = value.trim().split(/\s+/);
        if (
          namesPlacesOrGroups(column, table) &&
          parts.length >= 2 &&
          parts.length <= 4 &&
          parts.every((w) => /^[A-Z][a-z]+$/.test(w))
        )
          add(initials, parts.map((w) => w[0]!.toLowerCase()).join(''), { ...hit, quality: 0.8 });
      }
    }
  }
  const index = { columns, tables, values, initials, maxValueWords };
  indexCache.set(model, index);
  return index;
}

const VALUE_STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'in',
  'on',
  'at',
  'for',
  'and',
  'or',
  'to',
  'by',
  'is',
  'are',
  'all',
  'each',
  'with',
  'what',
  'which',
  'how',
  'many',
  'number',
  'name',
  'names',
  'list',
  'show',
  'yes',
  'no',
  'none',
  'other',
  'others',
  'total',
  'count',
  'average',
  'who',
  'that',
  'this',
  'have',
  'has',
  'do',
  'does',
  'it',
  'be',
  'not',
  'one',
  'more',
  'than',
  'less',
  'most',
  'least',
  'id',
  'type',
  'different',
  'distinct',
  'unique',
  'year',
  'date',
  'first',
  'last',
  'new',
  'old',
]);

const ARTICLES = new Set(['the', 'a', 'an']);

/**
 * Finds every phrase of the question that names a table, a column or a value of the model.
 * Overlaps are allowed here; the parser decides which reading wins.
 */
/** Verbs that open a request ("List …", "Show …"). */
const COMMANDS = new Set([
  'list',
  'show',
  'give',
  'find',
  'count',
  'sort',
  'rank',
  'order',
  'display',
  'return',
  'name',
]);

/** Words of grouping before which a kind word ("by type") names the columns of kinds. */
const GROUPING = new Set(['by', 'per', 'each', 'every']);

/**
 * "quantity by type", "orders per type": "type" alone after a grouping word names the columns
 * whose name ends in it (movement_type), which the table the question is about then chooses.
 */
function groupedByKind(tokens: Token[], model: SemanticModel, covered: Set<number>): Mention[] {
  const out: Mention[] = [];
  tokens.forEach((t, i) => {
    if (covered.has(i) || !['type', 'kind'].includes(t.lemma) || !GROUPING.has(tokens[i - 1]?.text ?? ''))
      return;
    const hits = model.tables.flatMap((table) =>
      table.columns
        .filter((c) => c.kind === 'text' && splitIdentifier(c.name).pop()?.toLowerCase() === t.lemma)
        .map((c) => ({ ref: { table: table.name, column: c.name }, column: c, quality: 0.7 })),
    );
    if (hits.length) out.push({ kind: 'column', start: i, end: i + 1, hits });
  });
  return out;
}

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
        // "id of the project" is looked up as "id of project".
        const plain =
          n >= 3 && span[n - 1]!.text !== 'the'
            ? span
                .filter((t, k) => !(t.text === 'the' && span[k - 1]?.text === 'of'))
                .map((t) => t.lemma)
                .join(' ')
            : lemKey;
        const cols = index.columns.get(lemKey) ?? (plain !== lemKey ? index.columns.get(plain) : undefined);
        if (cols) out.push({ kind: 'column', start: i, end: i + n, hits: cols });
        const tabs = index.tables.get(lemKey);
        if (tabs) out.push({ kind: 'table', start: i, end: i + n, tables: tabs });
      }
      const singleStop = n === 1 && (VALUE_STOP.has(textKey) || (textKey.length < 2 && !quoted));
      if (singleStop) continue;
      // "us" is a pronoun unless written "US".
      if (n === 1 && textKey === 'us' && span[0]!.raw !== 'US') continue;
      // "Ph.D." is indexed as "ph d".
      const normKey = span.map((t) => normValue(t.raw)).join(' ');
      let vals =
        index.values.get(quoted ? normValue(span[0]!.raw) : textKey) ??
        (quoted
          ? undefined
          : (index.values.get(lemKey) ?? (normKey !== textKey ? index.values.get(normKey) : undefined)));
      if (!vals && n === 1 && /^[A-Z]{2,4}$/.test(span[0]!.raw)) vals = index.initials.get(textKey);
      // "the mountains" names the things a table holds, even where some row's text is "the
      // mountain": an article before a table's or a column's name is no value unless quoted.
      if (vals && !quoted && n >= 2 && ARTICLES.has(span[0]!.text)) {
        const rest = span
          .slice(1)
          .map((t) => t.lemma)
          .join(' ');
        if (index.tables.has(rest) || index.columns.has(rest)) vals = undefined;
      }
      if (vals)
        out.push({
          kind: 'value',
          start: i,
          end: i + n,
          hits: quoted ? vals.map((h) => ({ ...h, quality: 1 })) : vals,
        });
    }
  }
  addFuzzyValues(tokens, index, out);
  addFuzzyNames(tokens, index, out, model);
  const covered = new Set<number>();
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  out.push(...groupedByKind(tokens, model, covered));
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  out.push(...stateValueMentions(tokens, model, covered));
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  out.push(...meaningMentions(tokens, model, covered));
  // "the share of orders that were returned": a proportion of rows, never a column of shares.
  const proportionOf = (m: Mention): boolean =>
    m.kind === 'column' &&
    m.end - m.start === 1 &&
    ['share', 'proportion', 'fraction'].includes(tokens[m.start]!.text) &&
    tokens[m.start + 1]?.text === 'of' &&
    out.some(
      (o) =>
        o.kind === 'table' &&
        (o.start === m.start + 2 || (o.start === m.start + 3 && tokens[m.start + 2]?.text === 'the')),
    );
  // "List products with a list price over 500": a command opening the sentence is no loose
  // mention of a column ("list" of list_price); "List price of laptops" still names it whole.
  const command = (m: Mention): boolean =>
    m.kind === 'column' &&
    m.end - m.start === 1 &&
    COMMANDS.has(tokens[m.start]!.text) &&
    m.start === 0 &&
    m.hits.every((h) => h.quality < 0.9);
  // "codes of document types": "code of document" would steal the start of "document types".
  return out.filter((m) => {
    if (proportionOf(m) || command(m)) return false;
    if (
      m.kind !== 'column' ||
      m.end - m.start < 3 ||
      !tokens.slice(m.start + 1, m.end - 1).some((t) => t.text === 'of')
    )
      return true;
    return !out.some((o) => o !== m && o.kind !== 'value' && o.start === m.end - 1 && o.end > m.end);
  });
}

/** Typo-tolerant column and table names for words nothing else explains ("semeseter"). */
function addFuzzyNames(tokens: Token[], index: ModelIndex, out: Mention[], model: SemanticModel): void {
  const covered = new Set<number>();
  for (const m of out) for (let k = m.start; k < m.end; k++) covered.add(k);
  for (const [i, t] of tokens.entries()) {
    if (covered.has(i) || t.number !== null || t.quoted || VALUE_STOP.has(t.text)) continue;
    // "gas stations opened after 2000" for open_year: a verb form of a column's first word.
    if (/^[a-z]{4,}(ed|ing)$/.test(t.text) && !INTENT_VERBS.has(t.text)) {
      const root = verbRoot(t.text);
      const cols: ColumnHit[] = [];
      for (const table of model.tables)
        for (const c of table.columns) {
          const w = splitIdentifier(c.name);
          if (w.length >= 2 && verbRoot(w[0]!) === root && root.length >= 3)
            cols.push({ ref: { table: table.name, column: c.name }, column: c, quality: 0.7 });
        }
      if (cols.length) {
        out.push({ kind: 'column', start: i, end: i + 1, hits: cols });
        continue;
      }
    }
    // "institutions" for table Inst: a word that a short table name abbreviates.
    if (t.lemma.length >= 6) {
      const tabs = model.tables.filter(
        (x) =>
          /^[a-z]{3,5}$/i.test(x.name) &&
          !isKnownWord(x.name.toLowerCase()) &&
          t.lemma.startsWith(x.name.toLowerCase()),
      );
      if (tabs.length === 1)
        out.push({
          kind: 'table',
          start: i,
          end: i + 1,
          tables: tabs.map((table) => ({ table, quality: 0.7 })),
        });
    }
    if (t.lemma.length < 6) continue;
    const cols: ColumnHit[] = [];
    for (const [key, list] of index.columns) {
      if (key.includes(' ') || Math.abs(key.length - t.lemma.length) > 1 || key.length < 6) continue;
      if (editDistance(key, t.lemma, 1) <= 1)
        cols.push(...list.filter((h) => h.quality >= 0.9).map((h) => ({ ...h, quality: 0.6 })));
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
    // "median", "maximum": a word of what is computed, never a misspelt value ("Media").
    if (Object.hasOwn(AGG_WORDS, t.lemma)) continue;
    // "ending with", "starting in": a verb of a text's edge, never a misspelt value.
    if (/^(?:start|begin|end)/.test(t.text) && ['with', 'in'].includes(tokens[i + 1]?.text ?? '')) continue;
    const hits: ValueHit[] = [];
    // "successful" for the value success, "completed" for complete.
    const base = t.text.replace(/(ful|ed|d)$/, '');
    if (base !== t.text && base.length >= 4) {
      const derived = index.values.get(base);
      if (derived) {
        out.push({
          kind: 'value',
          start: i,
          end: i + 1,
          hits: derived.map((h) => ({ ...h, quality: 0.75 })),
        });
        continue;
      }
    }
    for (const [key, list] of index.values) {
      if (key.includes(' ') || Math.abs(key.length - t.text.length) > 1) continue;
      if (editDistance(key, t.text, 1) <= 1) hits.push(...list.map((h) => ({ ...h, quality: 0.6 })));
      if (hits.length > 10) break;
    }
    if (hits.length) out.push({ kind: 'value', start: i, end: i + 1, hits });
  }
}

/** "opened" → "open", "founded" → "found", "starting" → "start", "stopped" → "stop". */
function verbRoot(w: string): string {
  let s = w.toLowerCase().replace(/(ing|ed)$/, '');
  if (s.length >= 4 && /([b-df-hj-np-tv-z])\1$/.test(s)) s = s.slice(0, -1);
  return s.replace(/e$/, '');
}
