import { isNonAdditiveColumn } from '../cards/words';
import { markUsed, penalise, type ParseContext } from './context';
import { measureLabel } from './measures';
import { DOUBT_WEIGHTS } from './weights';

// "Which month had the lowest profit?", "our best week for orders", "the 3 busiest days": periods
// ranked by a measure's value over each period. The measure is the period's total (an average
// for a price or a rate), never the largest single row of the period.

const UP = new Set([
  'best',
  'busiest',
  'strongest',
  'peak',
  'highest',
  'most',
  'largest',
  'biggest',
  'top',
  'greatest',
  'max',
  'maximum',
]);
const DOWN = new Set([
  'worst',
  'slowest',
  'weakest',
  'lowest',
  'least',
  'fewest',
  'smallest',
  'bottom',
  'min',
  'minimum',
]);

/** Ranks the periods of a ranked grain ("which month …"); returns whether it did. */
export function rankPeriods(ctx: ParseContext): boolean {
  const grain = ctx.time.grain;
  if (!grain?.ranked) return false;
  const at = ctx.dimensions.findIndex((d) => d.grain === grain.grain);
  if (at < 0) return false;
  const words = ctx.tokens.map((t) => t.text);
  const up = words.findIndex((w) => UP.has(w));
  const down = words.findIndex((w) => DOWN.has(w));
  if (up < 0 && down < 0) {
    // "which month": listed without a ranking, the question is not understood.
    penalise(ctx, DOUBT_WEIGHTS.rankedPeriodUnsaid, `which ${grain.grain} was not said`);
    return false;
  }
  const dir = down >= 0 && (up < 0 || down < up) ? 'asc' : 'desc';
  markUsed(ctx, dir === 'asc' ? down : up, (dir === 'asc' ? down : up) + 1);
  if (!ctx.measures.length)
    ctx.measures.push({ agg: 'count', label: measureLabel('count', undefined, ctx.base.label) });
  ctx.measures = ctx.measures.map((m) => {
    if ((m.agg !== 'max' && m.agg !== 'min') || !m.column) return m;
    const column = ctx.model.tables
      .find((t) => t.name === m.column!.table)
      ?.columns.find((c) => c.name === m.column!.column);
    if (!column) return m;
    const agg = isNonAdditiveColumn(column) ? 'avg' : 'sum';
    return { ...m, agg, label: measureLabel(agg, column) };
  });
  ctx.order = [{ kind: 'measure', index: 0, dir }];
  const n = ctx.tokens.find(
    (t, i) => t.number !== null && Number.isInteger(t.number) && t.number <= 100 && !ctx.used.has(i),
  );
  ctx.limit = ctx.limit ?? n?.number ?? 1;
  ctx.dimensions = [ctx.dimensions[at]!, ...ctx.dimensions.filter((_, i) => i !== at)];
  return true;
}
