// Small, dependency-free text helpers: tokens, lemmas and identifier splitting. Deterministic
// and fast (the plan must come in a few milliseconds).

const IRREGULAR: Record<string, string> = {
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  ids: 'id',
  staff: 'staff',
  data: 'data',
  series: 'series',
  species: 'species',
  status: 'status',
  analyses: 'analysis',
  bases: 'base',
  indices: 'index',
  criteria: 'criterion',
  media: 'media',
};
const NO_STRIP = new Set([
  'is',
  'was',
  'has',
  'does',
  'this',
  'its',
  'his',
  'us',
  'as',
  'yes',
  'bus',
  'gas',
  'plus',
  'less',
  'class',
  'address',
  'business',
  'process',
  'access',
  'boss',
  'loss',
  'gross',
  'glass',
  'pass',
  'status',
  'campus',
  'bonus',
  'virus',
  'census',
  'focus',
  'canvas',
  'atlas',
  'alias',
  'genus',
  'radius',
  'thesis',
  'analysis',
  'basis',
  'diagnosis',
  'news',
  'physics',
  'mathematics',
  'economics',
  'statistics',
  'series',
  'always',
  'sometimes',
  'whereas',
  'perhaps',
  'us',
  'dus',
  'kms',
  'ms',
  'mrs',
  'ss',
  'gps',
  'ups',
  'sales',
  'goods',
  'earnings',
  'means',
  'lens',
  'chess',
  'dress',
  'express',
  'success',
]);

export function lemma(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR[w];
  if (irregular) return irregular;
  if (w.length <= 3 || NO_STRIP.has(w) || /\d/.test(w)) return w;
  if (w.endsWith('ss') || w.endsWith('us') || w.endsWith('is')) return w;
  // "cities" → city, but "movies" → movie, "ties" → tie.
  if (w.endsWith('ies') && w.length > 4)
    return !isKnownWord(w.slice(0, -3) + 'y') && isKnownWord(w.slice(0, -1))
      ? w.slice(0, -1)
      : w.slice(0, -3) + 'y';
  if (/(ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  // "buses" → bus, "statuses" → status, but "houses" → house, "causes" → cause.
  if (w.endsWith('uses')) return isKnownWord(w.slice(0, -2)) ? w.slice(0, -2) : w.slice(0, -1);
  if (w.endsWith('oes') && w.length > 5) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

export interface Token {
  /** Lowercased surface text. */
  text: string;
  lemma: string;
  /** Original text (case kept). */
  raw: string;
  start: number;
  end: number;
  quoted: boolean;
  number: number | null;
}

const WORD_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
  dozen: 12,
};

function wordNumber(text: string): number | null {
  return WORD_NUMBERS[text] ?? null;
}

/** Short forms people type for business nouns, read as the words ("appts" → appointments). */
const SHORT_FORMS: Record<string, string> = {
  appt: 'appointment',
  appts: 'appointments',
  cust: 'customer',
  custs: 'customers',
  ppl: 'people',
  txn: 'transaction',
  txns: 'transactions',
  dept: 'department',
  depts: 'departments',
  emp: 'employee',
  emps: 'employees',
  mgr: 'manager',
  mgrs: 'managers',
  qty: 'quantity',
  amt: 'amount',
  acct: 'account',
  accts: 'accounts',
  prods: 'products',
  hrs: 'hours',
  mins: 'minutes',
};

/** Nouns of rates, whose unit a percent sign after them is. */
const RATE_NOUNS = new Set([
  'margin',
  'rate',
  'return',
  'conversion',
  'churn',
  'discount',
  'retention',
  'growth',
  'change',
  'increase',
  'decrease',
  'drop',
  'share',
  'yield',
  'utilization',
  'utilisation',
  'markup',
]);

/** Magnitudes written after a number: "10k", "2M", "1.5bn", "2 million". */
const MAGNITUDES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
};
/** A letter right after the digits ("2M"), or a word after a space ("2 million"). */
const MAGNITUDE_AFTER = /^(?:(k|m|mm|mn|bn)|\s+(thousand|millions?|billions?))(?![\p{L}\p{N}])/iu;

/** Splits a question into tokens; text in quotes stays one token. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  // Where a number's magnitude word ends: the words up to there belong to the number.
  let skipUntil = 0;
  const re =
    /"([^"]{1,200})"|“([^”]{1,200})”|'([^']{1,200})'(?![a-z])|‘([^‘’]{1,200})’(?![a-z])|(-?\d+(?:[.,]\d+)*%?)|([\p{L}\p{N}]+(?:['’][\p{L}]+)*(?:[-&.][\p{L}\p{N}]+)*)|(,)|(%)|(?<=\p{L})\/(?=\p{L})/gu;
  for (const m of input.matchAll(re)) {
    const start = m.index ?? 0;
    if (start < skipUntil) continue;
    let end = start + m[0].length;
    const quotedText = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (quotedText !== undefined) {
      const t = quotedText.trim();
      tokens.push({
        text: t.toLowerCase(),
        lemma: t.toLowerCase(),
        raw: t,
        start,
        end,
        quoted: true,
        number: null,
      });
      continue;
    }
    if (m[5] !== undefined) {
      let n = Number(m[5].replace(/,/g, '').replace('%', ''));
      const magnitude = m[5].endsWith('%') ? null : MAGNITUDE_AFTER.exec(input.slice(end));
      if (magnitude) {
        n *= MAGNITUDES[(magnitude[1] ?? magnitude[2]!).toLowerCase()]!;
        end += magnitude[0].length;
        skipUntil = end;
      }
      const text = magnitude ? String(n) : m[5];
      tokens.push({
        text,
        lemma: text,
        raw: input.slice(start, end),
        start,
        end,
        quoted: false,
        number: Number.isFinite(n) ? n : null,
      });
      continue;
    }
    // A percent sign said on its own ("online % of revenue") is the word "percent", unless it
    // is the unit of the rate before it ("margin %").
    if (m[8] !== undefined) {
      if (RATE_NOUNS.has(tokens[tokens.length - 1]?.lemma ?? '')) continue;
      tokens.push({ text: 'percent', lemma: 'percent', raw: '%', start, end, quoted: false, number: null });
      continue;
    }
    // "profit/unit": a slash between words is "per".
    if (m[0] === '/') {
      tokens.push({ text: 'per', lemma: 'per', raw: '/', start, end, quoted: false, number: null });
      continue;
    }
    if (m[7] !== undefined) {
      tokens.push({ text: ',', lemma: ',', raw: ',', start, end, quoted: false, number: null });
      continue;
    }
    const raw = m[6] ?? m[0];
    const text = raw.toLowerCase().replace(/’/g, "'");
    const plain = SHORT_FORMS[text.replace(/'s$/, '')] ?? text.replace(/'s$/, '');
    tokens.push({
      text: plain,
      lemma: lemma(plain),
      raw,
      start,
      end,
      quoted: false,
      number: wordNumber(plain),
    });
  }
  return tokens;
}

import { isKnownWord, segmentWord } from './segment';

/** Words that carry a question's intent, for fixing their typos ("mininum", "diffrent"). */
const INTENT_WORDS = [
  'minimum',
  'maximum',
  'average',
  'different',
  'distinct',
  'highest',
  'lowest',
  'largest',
  'smallest',
  'descending',
  'ascending',
  'between',
  'greater',
  'number',
  'total',
  'each',
  'least',
  'most',
  'which',
  'what',
  'many',
  'there',
];

/** Words of grammar WordNet does not list, a letter away from an intent word ("where", "these"). */
const GRAMMAR_WORDS = new Set(['where', 'these', 'here']);

/** Replaces a misspelt intent word by the word meant; other tokens are kept. */
export function fixTypos(tokens: Token[]): Token[] {
  return tokens.map((t) => {
    if (
      t.quoted ||
      t.number !== null ||
      t.text.length < 4 ||
      !/^[a-z]+$/.test(t.text) ||
      isKnownWord(t.text) ||
      GRAMMAR_WORDS.has(t.text)
    )
      return t;
    const hit = INTENT_WORDS.find(
      (w) => Math.abs(w.length - t.text.length) <= 1 && editDistance(w, t.text, 1) <= 1,
    );
    return hit ? { ...t, text: hit, lemma: lemma(hit) } : t;
  });
}

const ABBREVIATIONS: Record<string, string> = {
  tx: 'transaction',
  txn: 'transaction',
  ccy: 'currency',
  dt: 'date',
  ts: 'timestamp',
  dept: 'department',
  num: 'number',
  no: 'number',
  qty: 'quantity',
  amt: 'amount',
  desc: 'description',
  addr: 'address',
  dob: 'birth',
  yr: 'year',
  yrs: 'year',
  avg: 'average',
  pct: 'percent',
  cnt: 'count',
  emp: 'employee',
  cust: 'customer',
  seg: 'segment',
  prod: 'product',
  acc: 'account',
  acct: 'account',
  stu: 'student',
  fname: 'first name',
  lname: 'last name',
  mgr: 'manager',
  loc: 'location',
  tel: 'telephone',
  org: 'organisation',
  ref: 'reference',
  apt: 'apartment',
  mgmt: 'management',
  govt: 'government',
  intl: 'international',
  avail: 'available',
  bal: 'balance',
  lat: 'latitude',
  lng: 'longitude',
  lon: 'longitude',
  long: 'longitude',
  hrs: 'hours',
  mins: 'minutes',
  pos: 'position',
  info: 'information',
  nbr: 'number',
  temp: 'temperature',
  pop: 'population',
};

/** Splits an identifier into lowercase words: "Number_Deaths" → ["number", "deaths"]. */
export function splitIdentifier(id: string): string[] {
  const words = id
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z\d]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const parts = id === id.toLowerCase() ? words.flatMap(segmentWord) : words;
  return parts.flatMap((w) => (ABBREVIATIONS[w] ?? w).split(' '));
}

export function titleCase(words: string[]): string {
  return words.map((w) => (w.length ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ');
}

/** Levenshtein distance, bounded: returns max+1 as soon as it is exceeded. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      // An adjacent swap ("Eurpoe") costs one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Normalises a data value for matching: lowercase, punctuation to spaces. */
export function normValue(v: string): string {
  return v
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
