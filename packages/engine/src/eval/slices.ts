// The slices the report and the CI check measure, each on its tune and check half. Slices of
// the same set share one pass of answers (Spider's single_table+agg slice is scored from the
// answers of the whole Spider run).
import { join } from 'node:path';
import { openEvalSet, type EvalQuestion } from './eval-set';
import { EVAL_DATA_DIR, HALVES, questionsOfHalf, readHalves, type Half } from './halves';
import { predictSet, type Prediction } from './predict';
import { SHARED_EVAL_DIR, score, type Score } from './score';

export interface Slice {
  key: string;
  label: string;
  setDir: string;
  /** Questions carrying every one of these tags. */
  tags?: string[];
}

export const SLICES: Slice[] = [
  {
    key: 'spider-agg',
    label: 'Spider single_table+agg',
    setDir: join(SHARED_EVAL_DIR, 'spider-train'),
    tags: ['single_table', 'agg'],
  },
  { key: 'spider-all', label: 'Spider all', setDir: join(SHARED_EVAL_DIR, 'spider-train') },
  { key: 'defog', label: 'defog (multi-table)', setDir: join(SHARED_EVAL_DIR, 'defog-dev') },
  { key: 'demo', label: 'Demo paraphrases', setDir: join(EVAL_DATA_DIR, 'demo-paraphrase') },
  // Tune only (every group in the tune half): their check halves are empty, so never CI slices.
  { key: 'demo-fresh', label: 'Demo fresh (tune only)', setDir: join(EVAL_DATA_DIR, 'demo-fresh') },
  {
    key: 'domains-fresh',
    label: 'Domains fresh (tune only)',
    setDir: join(EVAL_DATA_DIR, 'domains-fresh'),
  },
  // Split by group into both halves, but not a CI slice.
  { key: 'multi-fresh', label: 'Multi-table fresh', setDir: join(EVAL_DATA_DIR, 'multi-fresh') },
  { key: 'other-domains', label: 'Other domains (held out)', setDir: join(EVAL_DATA_DIR, 'other-domains') },
  { key: 'held-out-2', label: 'Held out 2', setDir: join(EVAL_DATA_DIR, 'held-out-2') },
];

/** What the CI check measures: every check half that answers in about a minute. */
export const CI_SLICES = ['spider-agg', 'defog', 'demo', 'multi-fresh', 'other-domains', 'held-out-2'];

export interface SliceResult {
  slice: string;
  label: string;
  half: Half;
  score: Score | null;
}

const hasTags = (q: EvalQuestion, tags: string[] = []) => tags.every((t) => q.tags.includes(t));

export function sliceByKey(key: string): Slice {
  const slice = SLICES.find((s) => s.key === key);
  if (!slice) throw new Error(`Unknown slice ${key}; one of ${SLICES.map((s) => s.key).join(', ')}`);
  return slice;
}

/**
 * Answers and scores the slices on the halves asked for. A half with no questions (the tune half
 * of a check-only set) has no score.
 */
export async function measureSlices(
  keys: string[],
  halves: Half[] = HALVES,
  onProgress: (text: string) => void = () => {},
): Promise<SliceResult[]> {
  const split = readHalves();
  const slices = keys.map(sliceByKey);
  const results: SliceResult[] = [];
  for (const setDir of [...new Set(slices.map((s) => s.setDir))]) {
    const set = openEvalSet(setDir);
    try {
      const ofSet = slices.filter((s) => s.setDir === setDir);
      const inHalf = new Map(halves.map((h) => [h, questionsOfHalf(split, set.name, set.questions, h)]));
      const wanted = [...inHalf.values()].flat().filter((q) => ofSet.some((s) => hasTags(q, s.tags)));
      const started = Date.now();
      const predictions: Prediction[] = await predictSet(set, wanted);
      onProgress(
        `${set.name}: ${wanted.length} questions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const slice of ofSet)
        for (const half of halves) {
          const qs = inHalf.get(half)!.filter((q) => hasTags(q, slice.tags));
          results.push({
            slice: slice.key,
            label: slice.label,
            half,
            score: qs.length ? score(qs, predictions) : null,
          });
        }
    } finally {
      set.close();
    }
  }
  return keys.flatMap((k) => halves.flatMap((h) => results.filter((r) => r.slice === k && r.half === h)));
}
