import { baseForms, pointerWords, senses } from './wordnet';

// A small business lexicon: words that mean the same thing in questions about data. Kept as
// groups; a word maps to every other word of its groups.
const GROUPS: string[][] = [
  ['revenue', 'rev', 'sale', 'sales', 'turnover', 'income', 'earning'],
  ['customer', 'client', 'buyer', 'shopper'],
  ['employee', 'staff', 'worker', 'personnel'],
  ['product', 'item', 'good', 'article'],
  ['price', 'cost', 'fee', 'charge'],
  ['salary', 'wage', 'pay', 'earning', 'compensation'],
  ['amount', 'value', 'worth'],
  ['quantity', 'qty', 'unit', 'volume'],
  ['profit', 'margin', 'gain'],
  ['country', 'nation', 'nationality'],
  ['city', 'town', 'hometown'],
  ['region', 'area', 'territory', 'zone'],
  ['sex', 'gender'],
  ['age', 'old', 'older', 'oldest', 'young', 'younger', 'youngest'],
  ['height', 'tall', 'taller', 'tallest', 'short', 'shorter', 'shortest'],
  ['weight', 'heavy', 'heavier', 'heaviest', 'light', 'lighter', 'lightest'],
  ['order', 'purchase', 'booking'],
  ['date', 'day', 'time', 'when'],
  ['birth', 'born', 'birthday'],
  ['description', 'detail', 'desc'],
  ['location', 'place', 'address'],
  ['name', 'title', 'called'],
  ['rating', 'score', 'star'],
  ['population', 'inhabitant', 'resident'],
  ['capacity', 'seat'],
  ['budget', 'funding', 'fund'],
  ['id', 'identifier'],
  ['nationality', 'country'],
  ['year', 'yearly', 'annual'],
  ['duration', 'length', 'long'],
];

const MAP = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const w of group) {
    const set = MAP.get(w) ?? new Set<string>();
    for (const other of group) if (other !== w) set.add(other);
    MAP.set(w, set);
  }
}

export function synonymsOf(word: string): string[] {
  return [...(MAP.get(word) ?? [])];
}

/** Synonyms of an identifier's words: only single-word heads get them (avoids noise). */
export function synonymsFor(words: string[]): string[] {
  const meaningful = words.filter((w) => w !== 'id' && w !== 'code');
  if (meaningful.length !== 1) return [];
  return synonymsOf(meaningful[0]!);
}

/** Adjectives that point to a numeric column and an order: "oldest" → age, desc. */
const ADJECTIVE_COLUMNS: Record<string, { word: string; dir: 'asc' | 'desc' }> = {
  old: { word: 'age', dir: 'desc' },
  older: { word: 'age', dir: 'desc' },
  oldest: { word: 'age', dir: 'desc' },
  young: { word: 'age', dir: 'asc' },
  younger: { word: 'age', dir: 'asc' },
  youngest: { word: 'age', dir: 'asc' },
  tall: { word: 'height', dir: 'desc' },
  taller: { word: 'height', dir: 'desc' },
  tallest: { word: 'height', dir: 'desc' },
  shorter: { word: 'height', dir: 'asc' },
  shortest: { word: 'height', dir: 'asc' },
  heavier: { word: 'weight', dir: 'desc' },
  heaviest: { word: 'weight', dir: 'desc' },
  lighter: { word: 'weight', dir: 'asc' },
  lightest: { word: 'weight', dir: 'asc' },
  richest: { word: 'money', dir: 'desc' },
  expensive: { word: 'price', dir: 'desc' },
  cheapest: { word: 'price', dir: 'asc' },
  cheaper: { word: 'price', dir: 'asc' },
};

/**
 * Superlatives that rank by whatever the question measures ("the highest revenue", "the best
 * store"), not by a quality of their own.
 */
const UNGRADED = new Set([
  'high',
  'low',
  'great',
  'large',
  'small',
  'big',
  'few',
  'little',
  'much',
  'good',
  'bad',
  'long',
  'late',
  'early',
  'common',
  'popular',
  'frequent',
  'rare',
]);

/**
 * Adjectives at the low end of the quality they grade ("cold" of temperature, "cheap" of
 * price): their superlative asks for the smallest value, every other one for the largest.
 */
const LOW_POLE = new Set([
  'cold',
  'cool',
  'cheap',
  'short',
  'young',
  'light',
  'low',
  'small',
  'slow',
  'early',
  'near',
  'close',
  'few',
  'little',
  'thin',
  'narrow',
  'shallow',
  'weak',
  'poor',
  'dry',
  'quiet',
  'soft',
  'brief',
  'new',
  'recent',
]);

/**
 * The numeric quality an adjective grades and which end of it a superlative asks for: "oldest"
 * → age, desc; "coldest" → temperature, asc (WordNet's attribute of the adjective's first sense).
 */
export function adjectiveColumn(word: string): { word: string; dir: 'asc' | 'desc' } | undefined {
  const known = ADJECTIVE_COLUMNS[word];
  if (known) return known;
  if (!word.endsWith('est')) return undefined;
  for (const form of baseForms(word)) {
    if (form.pos !== 'a' || form.word === word || UNGRADED.has(form.word)) continue;
    const attribute = gradedQuality(form.word);
    if (attribute) return { word: attribute, dir: LOW_POLE.has(form.word) ? 'asc' : 'desc' };
  }
  return undefined;
}

/** The noun naming the quality an adjective's first sense grades ("hot" → temperature). */
function gradedQuality(adjective: string): string | undefined {
  const sense = senses(adjective, 'a', 1)[0];
  if (!sense) return undefined;
  const attribute = sense.pointers.find((p) => p.symbol === '=');
  if (attribute) return pointerWords(attribute)[0];
  // A satellite ("chilly") grades what its head adjective ("cold") grades.
  const head = sense.pointers.find((p) => p.symbol === '&');
  const headWord = head && pointerWords(head)[0];
  const headSense = headWord ? senses(headWord, 'a', 1)[0] : undefined;
  const headAttribute = headSense?.pointers.find((p) => p.symbol === '=');
  return headAttribute ? pointerWords(headAttribute)[0] : undefined;
}
