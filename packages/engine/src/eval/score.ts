// Scores predictions with the shared scorer (score.mjs of the eval sets), so that our figures
// and anyone else's come from the same comparison of answers with gold rows.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalQuestion } from './eval-set';
import type { Prediction } from './predict';

/** Where the shared eval sets and their scorer live. */
export const SHARED_EVAL_DIR = process.env.CATALYST_EVAL_DIR ?? '/work/shared/eval';

export interface Score {
  total: number;
  answered: number;
  declined: number;
  error: number;
  correct: number;
  wrong: number;
  /** Percentages of all questions, one decimal. */
  accuracy: number;
  wrongRate: number;
  declinedRate: number;
  /** Median time to a plan, ms. */
  planP50Ms: number;
}

interface ScorerSummary {
  total: number;
  answered: number;
  declined: number;
  error: number;
  correct: number;
  by_tag: Record<string, string>;
}

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);

export function median(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function scorerPath(): string {
  const path = join(SHARED_EVAL_DIR, 'score.mjs');
  if (!existsSync(path)) throw new Error(`The scorer ${path} is missing: set CATALYST_EVAL_DIR`);
  return path;
}

const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

function runScorer(questions: EvalQuestion[], predictions: Prediction[]): ScorerSummary {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-score-'));
  try {
    writeFileSync(join(dir, 'q.jsonl'), jsonl(questions));
    writeFileSync(join(dir, 'p.jsonl'), jsonl(predictions));
    const out = execFileSync('node', [scorerPath(), join(dir, 'q.jsonl'), join(dir, 'p.jsonl'), '--json'], {
      encoding: 'utf8',
    });
    return JSON.parse(out) as ScorerSummary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether each prediction is right, in one run of the scorer: every question gets its own id
 * as its only tag, and the scorer's per-tag tally then says which ones it counted as correct.
 */
export function correctEach(pairs: { question: EvalQuestion; prediction: Prediction }[]): boolean[] {
  if (!pairs.length) return [];
  const ids = pairs.map((_, i) => `#${i}`);
  const s = runScorer(
    pairs.map((p, i) => ({ ...p.question, id: ids[i]!, tags: [ids[i]!] })),
    pairs.map((p, i) => ({ ...p.prediction, id: ids[i]! })),
  );
  return ids.map((id) => s.by_tag[id] === '1/1');
}

/** Runs score.mjs over exactly these questions and their predictions. */
export function score(questions: EvalQuestion[], predictions: Prediction[]): Score {
  const s = runScorer(questions, predictions);
  const ids = new Set(questions.map((q) => q.id));
  const wrong = s.answered - s.correct;
  return {
    total: s.total,
    answered: s.answered,
    declined: s.declined,
    error: s.error,
    correct: s.correct,
    wrong,
    accuracy: pct(s.correct, s.total),
    wrongRate: pct(wrong, s.total),
    declinedRate: pct(s.declined, s.total),
    planP50Ms: Math.round(median(predictions.filter((p) => ids.has(p.id)).map((p) => p.planMs)) * 100) / 100,
  };
}

export const formatScore = (s: Score) =>
  `${s.total} questions · accuracy ${s.accuracy}% (${s.correct}) · wrong ${s.wrongRate}% (${s.wrong}) · declined ${s.declinedRate}% (${s.declined}) · errors ${s.error} · plan p50 ${s.planP50Ms} ms`;
