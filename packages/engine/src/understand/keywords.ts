import type { TAggregate } from '@catalyst/contracts';

// Words that carry the question's intent rather than naming data. Matched on lemmas.

export const AGG_WORDS: Record<string, TAggregate> = {
  sum: 'sum', total: 'sum', combined: 'sum', overall: 'sum',
  average: 'avg', avg: 'avg', mean: 'avg',
  maximum: 'max', max: 'max', highest: 'max', largest: 'max', biggest: 'max', greatest: 'max', maximal: 'max', most: 'max', top: 'max', latest: 'max', longest: 'max', oldest: 'max', eldest: 'max',
  minimum: 'min', min: 'min', lowest: 'min', smallest: 'min', least: 'min', fewest: 'min', minimal: 'min', earliest: 'min', shortest: 'min', youngest: 'min',
};

export const SUPERLATIVE_DESC = new Set(['majority', 'most', 'highest', 'largest', 'biggest', 'greatest', 'maximum', 'max', 'top', 'popular', 'frequent', 'common', 'frequently', 'commonly', 'longest', 'latest']);
export const SUPERLATIVE_ASC = new Set(['least', 'fewest', 'lowest', 'smallest', 'minimum', 'min', 'bottom', 'rarest', 'shortest', 'earliest']);

export const DISTINCT_WORDS = new Set(['different', 'distinct', 'unique']);
export const GROUP_WORDS = new Set(['each', 'per', 'every', 'corresponding', 'respective', 'respectively', 'individual']);
export const NEGATION_WORDS = new Set(['not', "n't", 'except', 'excluding', 'exclude', 'without', 'never', 'other', 'besides']);
export const DESC_WORDS = new Set(['descending', 'decreasing', 'desc', 'reverse', 'highest', 'largest', 'most', 'biggest', 'greatest', 'top']);
export const ASC_WORDS = new Set(['ascending', 'increasing', 'asc', 'alphabetical', 'alphabetically', 'lowest', 'smallest', 'least', 'fewest']);
export const ORDER_WORDS = new Set(['alphabetical', 'alphabetically', 'order', 'ordered', 'sort', 'sorted', 'rank', 'ranked', 'arrange', 'arranged', 'ordering', 'sorting']);

export const COMPARATORS: { words: string[]; op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq' }[] = [
  { words: ['in', 'or', 'after'], op: 'gte' }, { words: ['on', 'or', 'after'], op: 'gte' }, { words: ['in', 'or', 'before'], op: 'lte' }, { words: ['on', 'or', 'before'], op: 'lte' },
  { words: ['at', 'least'], op: 'gte' }, { words: ['no', 'less', 'than'], op: 'gte' }, { words: ['not', 'less', 'than'], op: 'gte' },
  { words: ['no', 'fewer', 'than'], op: 'gte' }, { words: ['or', 'more'], op: 'gte' }, { words: ['and', 'above'], op: 'gte' },
  { words: ['larger', 'than', 'or', 'equal', 'to'], op: 'gte' }, { words: ['greater', 'than', 'or', 'equal', 'to'], op: 'gte' },
  { words: ['more', 'than', 'or', 'equal', 'to'], op: 'gte' }, { words: ['higher', 'than', 'or', 'equal', 'to'], op: 'gte' },
  { words: ['less', 'than', 'or', 'equal', 'to'], op: 'lte' }, { words: ['smaller', 'than', 'or', 'equal', 'to'], op: 'lte' },
  { words: ['lower', 'than', 'or', 'equal', 'to'], op: 'lte' }, { words: ['not', 'equal', 'to'], op: 'neq' },
  { words: ['at', 'most'], op: 'lte' }, { words: ['or', 'before'], op: 'lte' }, { words: ['or', 'after'], op: 'gte' }, { words: ['or', 'earlier'], op: 'lte' }, { words: ['or', 'later'], op: 'gte' }, { words: ['only'], op: 'eq' }, { words: ['no', 'more', 'than'], op: 'lte' }, { words: ['not', 'more', 'than'], op: 'lte' }, { words: ['or', 'less'], op: 'lte' },
  { words: ['more', 'than'], op: 'gt' }, { words: ['greater', 'than'], op: 'gt' }, { words: ['higher', 'than'], op: 'gt' }, { words: ['larger', 'than'], op: 'gt' },
  { words: ['bigger', 'than'], op: 'gt' }, { words: ['over'], op: 'gt' }, { words: ['above'], op: 'gt' }, { words: ['exceeding'], op: 'gt' }, { words: ['exceed'], op: 'gt' },
  { words: ['older', 'than'], op: 'gt' }, { words: ['younger', 'than'], op: 'lt' }, { words: ['taller', 'than'], op: 'gt' }, { words: ['shorter', 'than'], op: 'lt' },
  { words: ['heavier', 'than'], op: 'gt' }, { words: ['lighter', 'than'], op: 'lt' }, { words: ['after'], op: 'gt' }, { words: ['before'], op: 'lt' }, { words: ['prior', 'to'], op: 'lt' }, { words: ['earlier', 'than'], op: 'lt' }, { words: ['later', 'than'], op: 'gt' }, { words: ['since'], op: 'gte' },
  { words: ['less', 'than'], op: 'lt' }, { words: ['fewer', 'than'], op: 'lt' }, { words: ['lower', 'than'], op: 'lt' }, { words: ['smaller', 'than'], op: 'lt' },
  { words: ['below'], op: 'lt' }, { words: ['under'], op: 'lt' }, { words: ['equal', 'to'], op: 'eq' }, { words: ['exactly'], op: 'eq' }, { words: ['equals'], op: 'eq' },
  { words: ['>='], op: 'gte' }, { words: ['<='], op: 'lte' }, { words: ['>'], op: 'gt' }, { words: ['<'], op: 'lt' }, { words: ['='], op: 'eq' },
];

/** Words that need no explanation: they neither add nor change meaning in a data question. */
export const FILLER = new Set([
  ',', 'a', 'an', 'the', 'of', 'in', 'on', 'at', 'to', 'for', 'from', 'by', 'with', 'and', 'or', 'as', 'into', 'within', 'across', 'among',
  'what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'how', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did',
  'have', 'has', 'had', 'having', 'there', 'their', 'they', 'them', 'it', 'its', 'this', 'that', 'these', 'those', 'me', 'my', 'i', 'we', 'our', 'us', 'you', 'your',
  'show', 'list', 'give', 'find', 'return', 'tell', 'get', 'display', 'report', 'provide', 'compute', 'calculate', 'count', 'identify', 'output', 'see', 'know', 'want', 'need', 'please', 'can', 'could', 'would', 'will', 'shall', 'should',
  'all', 'any', 'some', 'every', 'also', 'both', 'along', 'together', 'well', 'just', 'only', 'so', 'then', 'than', 'number', 'many', 'much', 'amount',
  'record', 'records', 'information', 'info', 'data', 'database', 'table', 'entry', 'entries', 'row', 'rows', 'value', 'values', 'result', 'results',
  'listed', 'recorded', 'stored', 'available', 'existing', 'exist', 'present', 'registered', 'kept', 'contained', 'included', 'including', 'whole', 'entire', 'overall',
  'name', 'named', 'called', 'respectively', 'corresponding', 'respective', 'here', 'one', 'ones', 'thing', 'things', 'kind', 'kinds', 'type', 'types', 'sort', 'sorts',
  'if', 'about', 'across', 'each', 'per', 'different', 'distinct', 'unique', 'them', 'him', 'her', 'his', 'she', 'he', 'whole',
  'together', 'member', 'members', 'associated', 'related', 'belonging', 'belong', 'belongs', 'via', 'given', 'up', 'out', 'make', 'made', 'take', 'use', 'used', 'using',
]);
