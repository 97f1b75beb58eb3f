// The words business questions are built with, by the role they play. A reader of business
// questions looks for the measure, what it is split by, which rows count, when, and how the
// answer is shaped; these words say which of those a part of the question is.

/** Verbs of money coming in: "how much did we sell", "what did each region bring in". */
export const MONEY_VERBS = new Set([
  'sell',
  'earn',
  'make',
  'generate',
  'gross',
  'bring',
  'take',
  'rake',
  'spend',
  'pay',
  'bill',
  'invoice',
  'book',
]);

/** Names a money measure of sales goes by, best first: the column a money verb means. */
export const MONEY_MEASURE_NAMES = [
  'revenue',
  'sales',
  'sale',
  'turnover',
  'income',
  'amount',
  'total',
  'value',
  'fee',
  'fare',
  'charge',
  'price',
];

/** Verbs of units changing hands: "how many units did we sell" counts units, not money. */
export const UNIT_WORDS = new Set(['unit', 'piece', 'item', 'quantity', 'qty', 'volume']);

/** Verbs that say an entity took part in the facts: customers who bought, stores that sold. */
export const ACTIVITY_VERBS = new Set([
  'place',
  'buy',
  'purchase',
  'order',
  'shop',
  'sell',
  'transact',
  'spend',
  'visit',
  'use',
  'active',
]);

/** Words that introduce what a measure is split by. */
export const GROUP_CUES = new Set(['by', 'per', 'each', 'every', 'across', 'wise', 'within']);

/** Words that ask for a ranking, and which end they ask for. */
export const RANK_DESC = new Set([
  'top',
  'best',
  'highest',
  'most',
  'biggest',
  'largest',
  'greatest',
  'leading',
  'busiest',
  'strongest',
  'max',
  'maximum',
  'peak',
]);
export const RANK_ASC = new Set([
  'bottom',
  'worst',
  'lowest',
  'least',
  'smallest',
  'fewest',
  'weakest',
  'slowest',
  'quietest',
  'min',
  'minimum',
]);

/** Words asking for a part of a whole. */
export const SHARE_WORDS = new Set([
  'share',
  'percentage',
  'percent',
  'proportion',
  'portion',
  'fraction',
  'contribution',
  'contribute',
  'cut',
  '%',
]);

/**
 * Words of a business question that carry no data meaning, besides the general reader's FILLER
 * (keywords.ts): the verbs and adverbs of talk about business ("how did it go", "roughly").
 */
export const LIGHT_WORDS = new Set([
  'done',
  'doing',
  'got',
  'gets',
  'getting',
  'go',
  'went',
  'going',
  'come',
  'came',
  'comes',
  'coming',
  'look',
  'looking',
  'like',
  'shows',
  'through',
  'over',
  'during',
  'ever',
  'far',
  'currently',
  'typically',
  'usually',
  'normally',
  'generally',
  'now',
  'actually',
  'exactly',
  'roughly',
  'around',
  'approximately',
  'down',
  'really',
  'own',
  'company',
  'business',
  'figure',
  'figures',
  'numbers',
  'stats',
  'statistics',
  'breakdown',
  'split',
  'break',
  'broken',
  'trend',
  'development',
  'develop',
  'developed',
  'evolve',
  'evolved',
  'worth',
  'level',
  'levels',
  'altogether',
  'combined',
  'ppl',
  'people',
  'folks',
  'guys',
  'anyone',
  'someone',
]);
