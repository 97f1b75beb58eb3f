import type { TSemanticModel } from '@catalyst/contracts';
import type { LlmConfig, Warehouse } from '@catalyst/engine';

/** What Catalyst AI yields while answering one question; the socket layer turns it into chunks. */
export type AnswerEvent =
  | { type: 'loader'; text: string }
  | { type: 'cards'; cards: unknown[] }
  | {
      type: 'done';
      content: string;
      confidence: number | null;
      plan: unknown;
      status: 'answered' | 'declined';
    };

interface AnswerInput {
  question: string;
  model: TSemanticModel;
  warehouse: Warehouse | null;
  /** Earlier exchanges of the thread, oldest first, for follow-ups. */
  history: { question: string; plan: unknown }[];
  /** The use case's AI confidence threshold, 0–1. */
  threshold: number;
  now: Date;
  signal: AbortSignal;
  /** The organisation's own LLM provider; when absent the answerer keeps its default (LLM_* settings, else none). */
  llm?: LlmConfig;
}

export interface Answerer {
  answer(input: AnswerInput): AsyncIterable<AnswerEvent>;
}
