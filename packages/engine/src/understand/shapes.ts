import { readEntityMedian } from './entity-values';
import { readGrowth } from './growth';
import { readPerGroupTop } from './per-group-top';
import { readPeriodAverage } from './period-averages';
import { readRunningTotal } from './running-totals';
import type { ShapeInput } from './shape-input';
import type { Understanding } from './understanding';
import { SHAPE_WEIGHTS } from './weights';

// Shapes of question beyond a plain aggregate (running totals, growth between periods, top N
// within each group, averages of period totals). Each is recognised by its own words; the
// question without those words is understood as usual (the base reading), and the shape is
// then laid on that reading only when it surely fits it. Anything less falls through to the
// plain reading, which capabilities.ts declines with what is missing.

/** The reading of a shape the question asks for, or null (no shape, or none surely fits). */
export function readShape(given: ShapeInput): Understanding | null {
  // A shape is laid only on a reading that stands: a weak one falls back to the plain reading.
  const input: ShapeInput = {
    ...given,
    read: (text) => {
      const u = given.read(text);
      return u.confidence >= SHAPE_WEIGHTS.baseReading ? u : { ...u, plan: null };
    },
  };
  return (
    readEntityMedian(input) ??
    readGrowth(input) ??
    readRunningTotal(input) ??
    readPerGroupTop(input) ??
    readPeriodAverage(input)
  );
}
