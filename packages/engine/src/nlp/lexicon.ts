// A small business lexicon: words that mean the same thing in questions about data. Kept as
// groups; a word maps to every other word of its groups.
const GROUPS: string[][] = [
  ['revenue', 'rev', 'sale', 'sales', 'turnover', 'income', 'earning'],
  ['customer', 'client', 'buyer', 'shopper'],
  ['employee', 'staff', 'worker', 'personnel'],
  ['product', 'item', 'good', 'article'],
  ['price', 'cost', 'fee', 'charge'],
  ['salary', 'wage', 'pay', 'earning', 'compensation'],
  ['amount', 'value'],
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
export const ADJECTIVE_COLUMNS: Record<string, { word: string; dir: 'asc' | 'desc' }> = {
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
