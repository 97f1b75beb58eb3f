import type { TCard, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Warehouse } from '../warehouse';
import { understand, type Understanding } from '../understand/parse';
import { looksLikeFollowUp, refineFollowUp } from '../understand/followup';
import { clarificationCard } from '../cards/build';
import { planWithLlm, type LlmConfig } from '../llm/client';
import { inlineParams } from '../sql/inline';
import { executePlan } from './execute';
import { questionFor, readingOf } from './reading';
import { followUpsFor } from './suggest';
import { dataExtent, presentResult } from './present';
import { longDay } from '../cards/format';
import { developmentPlan, explainAnswer } from './explain';
import { explainQuestion } from '../understand/why';

/** Period words counted from today: such a period can be moved back to where the data ends. */
const RELATIVE_PERIOD =
  /\b(?:last|this|past|previous|current|today|yesterday|to date|so far|ytd|mtd|qtd|recent)\b/i;
import { clarifyingMessage } from './clarify';

export interface ThreadTurn {
  question: string;
  plan?: TQueryPlan | null;
}

export interface AskInput {
  question: string;
  model: SemanticModel;
  warehouse: Warehouse;
  /** Earlier turns of the thread, oldest first; the last plan is what follow-ups refine. */
  history?: ThreadTurn[];
  /** The use case's AI confidence threshold in [0, 1]; below it the engine asks back. */
  threshold?: number;
  now?: Date;
  llm?: LlmConfig | null;
  maxRows?: number;
  timeoutMs?: number;
  /** ISO 4217 code of money columns whose name or definition names no currency (default USD). */
  currency?: string;
}

export interface Evidence {
  reading: string;
  sql: string;
  params: unknown[];
  /** The SQL with its values written in, for reading only (it always runs with bound values). */
  displaySql: string;
  /** The periods the answer is about, resolved to days ("last month = Oct 1–31, 2026"). */
  periods: string[];
  rowCount: number;
  tables: string[];
  freshness: string | null;
  source: 'embedded' | 'llm' | 'follow-up';
  doubts: string[];
}

export interface Answer {
  status: 'answered' | 'declined' | 'error';
  question: string;
  plan: TQueryPlan | null;
  reading: string;
  sql: string;
  params: unknown[];
  columns: string[];
  rows: unknown[][];
  cards: TCard[];
  confidence: number;
  evidence: Evidence;
  /** A sentence for the user: the reading, or why there is no answer. */
  message: string;
}

export type EngineEvent =
  | { type: 'loader'; text: string }
  | { type: 'plan'; plan: TQueryPlan; reading: string; confidence: number }
  | { type: 'card'; card: TCard }
  | { type: 'done'; answer: Answer };

const emptyEvidence = (doubts: string[] = []): Evidence => ({
  reading: '',
  sql: '',
  params: [],
  displaySql: '',
  periods: [],
  rowCount: 0,
  tables: [],
  freshness: null,
  source: 'embedded',
  doubts,
});

function readingsFor(
  question: string,
  model: SemanticModel,
  now: Date,
  best: Understanding,
): { reading: string; question: string }[] {
  const plans: TQueryPlan[] = best.plan ? [best.plan] : [];
  if (best.plan?.dimensions.length)
    plans.push({ ...best.plan, dimensions: [], order: [], limit: undefined, intent: 'value' });
  if (best.plan?.filters.length) plans.push({ ...best.plan, filters: [] });
  const seen = new Set<string>();
  return plans
    .flatMap((p) => {
      const reading = readingOf(p, model);
      const asked = questionFor(p, model);
      // Two readings asked in the same words would be one button twice.
      if (seen.has(reading) || seen.has(asked)) return [];
      seen.add(reading).add(asked);
      return [{ reading, question: asked }];
    })
    .slice(0, 3);
}

/**
 * Answers one question of a thread as a stream of events: loader texts, the plan with its
 * reading, the cards, and finally the whole answer. Never throws for a bad question: an
 * unclear one is declined with a clarification card, a failing query ends with status "error".
 */
export async function* answer(input: AskInput): AsyncGenerator<EngineEvent, Answer> {
  const now = input.now ?? new Date();
  const threshold = input.threshold ?? 0.5;
  const question = input.question ?? '';
  yield { type: 'loader', text: 'Reading your question…' };
  let understanding: Understanding = understand(question, input.model, now);
  let source: Evidence['source'] = 'embedded';
  const previous = [...(input.history ?? [])].reverse().find((t) => t.plan)?.plan;
  if (previous && looksLikeFollowUp(question)) {
    const refined = refineFollowUp(question, previous, input.model, now);
    if (refined && refined.confidence >= understanding.confidence * 0.9) {
      understanding = { plan: refined.plan, confidence: refined.confidence, doubts: [], unexplained: [] };
      source = 'follow-up';
    }
  }
  const explain = source === 'embedded' ? explainQuestion(question) : null;
  if (explain?.kind === 'development') {
    // "How did X develop": X over time.
    const base = understand(explain.rest, input.model, now);
    const trend = base.plan && developmentPlan(base.plan, input.model);
    if (trend) understanding = { ...base, plan: trend };
  } else if (explain) {
    // "Why did X move", "which Y is underperforming": the change split by what drives it.
    yield { type: 'loader', text: 'Comparing with the period before…' };
    const explained = await explainAnswer(explain, {
      model: input.model,
      warehouse: input.warehouse,
      now,
      currency: input.currency,
      timeoutMs: input.timeoutMs,
    }).catch(() => null);
    if (explained) {
      yield { type: 'plan', plan: explained.plan, reading: explained.reading, confidence: 0.8 };
      for (const card of explained.cards) yield { type: 'card', card };
      const done: Answer = {
        status: 'answered',
        question,
        plan: explained.plan,
        reading: explained.reading,
        sql: explained.sql,
        params: explained.params,
        columns: explained.columns,
        rows: explained.rows,
        cards: explained.cards,
        confidence: 0.8,
        evidence: {
          reading: explained.reading,
          sql: explained.sql,
          params: explained.params,
          displaySql: inlineParams(explained.sql, explained.params, input.warehouse.dialect),
          periods: explained.periods,
          rowCount: explained.rows.length,
          tables: explained.tables,
          freshness: null,
          source,
          doubts: [],
        },
        message: explained.reading,
      };
      yield { type: 'done', answer: done };
      return done;
    }
    // The plain figure answers neither "why" nor "which is underperforming": say so, and offer it
    // as the nearest answer rather than as the answer.
    understanding = {
      ...understanding,
      confidence: 0,
      missing: explain.kind === 'why' ? 'an explanation of this change' : 'which of these is underperforming',
    };
  }
  if (input.llm && source === 'embedded' && question.trim() && question.length <= 2000) {
    yield { type: 'loader', text: 'Asking the language model for a plan…' };
    const llmPlan = await planWithLlm(input.llm, question, input.model, now.toISOString().slice(0, 10));
    if (llmPlan) {
      understanding = {
        plan: llmPlan,
        confidence: Math.max(understanding.confidence, 0.8),
        doubts: [],
        unexplained: [],
      };
      source = 'llm';
    }
  }
  if (
    source === 'embedded' &&
    understanding.plan?.timeRange?.from &&
    RELATIVE_PERIOD.test(understanding.plan.timeRange.label)
  ) {
    // A relative period wholly after the data's last day ("last month" of data that ends in June
    // of last year) is counted back from that day instead of answering with no days, and says so.
    const range = understanding.plan.timeRange;
    const extent = await dataExtent(
      {
        model: input.model,
        warehouse: input.warehouse,
        timeoutMs: input.timeoutMs,
        plan: understanding.plan,
      },
      range.column,
    );
    if (extent && new Date(`${range.from}T00:00:00Z`) > extent.last) {
      const clock = new Date(extent.last.getTime() + 36 * 3_600_000);
      const again = understand(question, input.model, clock);
      const moved = again?.plan?.timeRange;
      if (again?.plan && moved)
        understanding = {
          ...again,
          plan: {
            ...again.plan,
            timeRange: { ...moved, label: `${moved.label} (the data ends ${longDay(extent.last)})` },
          },
        };
    }
  }
  const plan = understanding.plan;
  if (!plan || understanding.confidence < threshold) {
    const readings = plan ? readingsFor(question, input.model, now, understanding) : [];
    const cards: TCard[] = readings.length ? [clarificationCard(readings, question)] : [];
    for (const card of cards) yield { type: 'card', card };
    const message = understanding.missing
      ? `I cannot compute ${understanding.missing} yet${cards.length ? '; this is the nearest I can answer.' : '.'}`
      : plan
        ? clarifyingMessage(understanding.doubts)
        : (understanding.doubts[0] ?? 'I could not understand the question.');
    const done: Answer = {
      status: 'declined',
      question,
      plan,
      reading: plan ? readingOf(plan, input.model) : '',
      sql: '',
      params: [],
      columns: [],
      rows: [],
      cards,
      confidence: understanding.confidence,
      evidence: { ...emptyEvidence(understanding.doubts), source },
      message,
    };
    yield { type: 'done', answer: done };
    return done;
  }
  const reading = readingOf(plan, input.model);
  yield { type: 'plan', plan, reading, confidence: understanding.confidence };
  yield { type: 'loader', text: 'Querying the data…' };
  try {
    const run = await executePlan(plan, input.model, input.warehouse, {
      maxRows: input.maxRows,
      timeoutMs: input.timeoutMs,
    });
    const columns = run.compiled.columns;
    const { cards, periods } = await presentResult({
      question,
      plan,
      model: input.model,
      warehouse: input.warehouse,
      reading,
      columns,
      rows: run.result.rows,
      truncated: run.result.truncated,
      followUps: followUpsFor(plan, input.model),
      llm: input.llm,
      timeoutMs: input.timeoutMs,
      currency: input.currency,
    });
    for (const card of cards) yield { type: 'card', card };
    const tables = run.compiled.tables;
    const freshness =
      input.model.tables
        .filter((t) => tables.includes(t.name))
        .map((t) => t.freshness)
        .filter((f): f is string => !!f)
        .sort()
        .pop() ?? null;
    const done: Answer = {
      status: 'answered',
      question,
      plan,
      reading,
      sql: run.compiled.sql,
      params: run.compiled.params,
      columns,
      rows: run.result.rows,
      cards,
      confidence: understanding.confidence,
      evidence: {
        reading,
        sql: run.compiled.sql,
        params: run.compiled.params,
        displaySql: inlineParams(run.compiled.sql, run.compiled.params, input.warehouse.dialect),
        periods,
        rowCount: run.result.rows.length,
        tables,
        freshness,
        source,
        doubts: understanding.doubts,
      },
      message: reading,
    };
    yield { type: 'done', answer: done };
    return done;
  } catch (e) {
    const done: Answer = {
      status: 'error',
      question,
      plan,
      reading,
      sql: '',
      params: [],
      columns: [],
      rows: [],
      cards: [],
      confidence: understanding.confidence,
      evidence: { ...emptyEvidence(understanding.doubts), reading, source },
      message: `The query failed: ${(e as Error).message}`,
    };
    yield { type: 'done', answer: done };
    return done;
  }
}

/** Runs `answer` to the end and returns the answer object. */
export async function answerOnce(input: AskInput): Promise<Answer> {
  const stream = answer(input);
  for (;;) {
    const next = await stream.next();
    if (next.done) return next.value;
  }
}
