// Asks Catalyst AI every question of an eval set the way the product does (`answer`, no thread
// history, no LLM, the set's clock and confidence threshold) and records what a user would get:
// the answer's rows, or that it declined (with the readings its "Did you mean…" card offers).
import { answer, type Answer } from '../answer/answer';
import type { EvalQuestion, EvalSet, OpenedDb } from './eval-set';

export interface Prediction {
  id: string;
  status: Answer['status'];
  columns: string[];
  rows: unknown[][];
  sql: string;
  confidence: number;
  message: string;
  /** The questions of the clarification card's actions, when it declined with one. */
  suggestions: string[];
  /** Time from the question to a plan (or to the decline), ms: the understanding alone. */
  planMs: number;
}

export interface AskOptions {
  now: Date;
  threshold: number;
}

/** The questions a declined answer's "Did you mean…" card asks when clicked. */
export function suggestionsOf(a: Answer): string[] {
  return a.cards.flatMap((c) =>
    c.type === 'action' ? c.data.actions.flatMap((x) => (x.question ? [x.question] : [])) : [],
  );
}

/** One question through the engine's answer stream, timing the understanding. */
export async function ask(question: string, db: OpenedDb, options: AskOptions) {
  const started = performance.now();
  let planMs: number | null = null;
  const stream = answer({
    question,
    model: db.model,
    warehouse: db.warehouse,
    now: options.now,
    threshold: options.threshold,
    llm: null,
    maxRows: 100_000,
  });
  for (;;) {
    const next = await stream.next();
    // The first plan, card or end: everything before it is reading the question.
    if (planMs === null && (next.done || next.value.type !== 'loader')) planMs = performance.now() - started;
    if (next.done) return { answer: next.value, planMs: planMs ?? 0 };
  }
}

export function predictionOf(id: string, a: Answer, planMs: number): Prediction {
  return {
    id,
    status: a.status,
    columns: a.columns,
    rows: a.rows,
    sql: a.sql,
    confidence: Math.round(a.confidence * 1000) / 1000,
    message: a.message,
    suggestions: a.status === 'declined' ? suggestionsOf(a) : [],
    planMs: Math.round(planMs * 1000) / 1000,
  };
}

/** Answers the questions database by database (each loaded once). */
export async function predictSet(
  set: EvalSet,
  questions: EvalQuestion[],
  options: Partial<AskOptions> = {},
): Promise<Prediction[]> {
  const now = options.now ?? new Date(`${set.config.now}T12:00:00Z`);
  const threshold = options.threshold ?? set.config.threshold;
  const byDb = new Map<string, EvalQuestion[]>();
  for (const q of questions) byDb.set(q.db_id, [...(byDb.get(q.db_id) ?? []), q]);
  const predictions: Prediction[] = [];
  for (const [dbId, qs] of byDb) {
    const db = await set.openDb(dbId);
    try {
      for (const q of qs) {
        try {
          const { answer: a, planMs } = await ask(q.question, db, { now, threshold });
          predictions.push(predictionOf(q.id, a, planMs));
        } catch (e) {
          predictions.push({
            id: q.id,
            status: 'error',
            columns: [],
            rows: [],
            sql: '',
            confidence: 0,
            message: (e as Error).message,
            suggestions: [],
            planMs: 0,
          });
        }
      }
    } finally {
      await db.warehouse.close();
    }
  }
  return predictions;
}
