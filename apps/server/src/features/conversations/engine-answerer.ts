import { ZQueryPlan, type TCard } from '@catalyst/contracts';
import { answer, type LlmConfig } from '@catalyst/engine';
import { AppError } from '../../lib/errors';
import type { AnswerEvent, Answerer } from './answerer';

/**
 * Catalyst AI through the engine package: the embedded engine, or an OpenAI-compatible LLM — the
 * organisation's own provider (`input.llm`), else `options.llm` (the config's LLM_* settings). Its plans are validated
 * by the engine, which falls back to the embedded one on any error or timeout.
 * Each card carries the answer's evidence (reading, SQL and the SQL with its values written in,
 * resolved periods, row count, tables, freshness). Money is shown in `currency` (CATALYST_CURRENCY)
 * unless a column's business name or definition names another.
 */
export function engineAnswerer(options: { llm?: LlmConfig | null; currency?: string } = {}): Answerer {
  const llm = options.llm ?? null;
  return {
    async *answer(input): AsyncGenerator<AnswerEvent> {
      if (!input.warehouse || input.model.tables.length === 0) {
        throw new AppError(
          'BAD_REQUEST',
          'This use case has no data yet. Open the use case, choose a connection and select tables in the Knowledge tab, then ask again.',
        );
      }
      const history = input.history.map((h) => {
        const parsed = ZQueryPlan.safeParse(h.plan);
        return { question: h.question, plan: parsed.success ? parsed.data : null };
      });
      const cards: TCard[] = [];
      for await (const event of answer({
        question: input.question,
        model: input.model,
        warehouse: input.warehouse,
        history,
        threshold: input.threshold,
        now: input.now,
        llm: input.llm ?? llm,
        currency: options.currency,
      })) {
        if (input.signal.aborted) return;
        if (event.type === 'loader') yield { type: 'loader', text: event.text };
        else if (event.type === 'plan') yield { type: 'loader', text: `Reading: ${event.reading}` };
        else if (event.type === 'card') cards.push(event.card);
        else {
          const result = event.answer;
          if (result.status === 'error') throw new AppError('UPSTREAM_FAILED', result.message);
          const evidence =
            result.status === 'answered'
              ? {
                  reading: result.evidence.reading,
                  sql: result.evidence.sql,
                  displaySql: result.evidence.displaySql,
                  periods: result.evidence.periods,
                  rowCount: result.evidence.rowCount,
                  tables: result.evidence.tables,
                  freshness: result.evidence.freshness,
                  source: result.evidence.source,
                  confidence: result.confidence,
                }
              : null;
          yield {
            type: 'cards',
            cards: cards.map((c) => (evidence ? { ...c, data: { ...c.data, evidence } } : c)),
          };
          yield {
            type: 'done',
            content: result.message,
            confidence: result.confidence,
            plan: result.plan,
            status: result.status === 'declined' ? 'declined' : 'answered',
          };
        }
      }
    },
  };
}
