import { z } from 'zod';
import { ZQueryPlan, type TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { compilePlan } from '../sql/compile';

/**
 * An OpenAI-compatible chat endpoint for Catalyst AI. The engine reads no environment: the server
 * builds this from its validated config (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY) or from an
 * organisation's provider, and the catalyst-ask CLI from its flags.
 */
export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  /** The fetch to call it with (the server passes one that refuses private addresses). */
  fetch?: typeof fetch;
}

const ZChatResponse = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

async function chat(config: LlmConfig, system: string, user: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 15_000);
  try {
    const res = await (config.fetch ?? fetch)(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      }),
    });
    if (!res.ok) throw new Error(`LLM answered ${res.status}`);
    const body = ZChatResponse.parse(await res.json());
    return body.choices[0]!.message.content ?? '';
  } finally {
    clearTimeout(timer);
  }
}

function describeModel(model: SemanticModel): string {
  return (
    model.tables
      .map(
        (t) =>
          `table ${t.name} (${t.label}): ${t.columns.map((c) => `${c.name} ${c.kind} ${c.entityType}${c.values.length && c.values.length <= 20 ? ` values [${c.values.slice(0, 20).join(', ')}]` : ''}`).join('; ')}`,
      )
      .join('\n') +
    (model.joins.length
      ? `\njoins: ${model.joins.map((j) => `${j.from[0]!.table}.${j.from[0]!.column} = ${j.to[0]!.table}.${j.to[0]!.column}`).join(', ')}`
      : '') +
    (model.metrics.length
      ? `\nmetrics: ${model.metrics.map((m) => `${m.name} = ${m.expression}`).join('; ')}`
      : '')
  );
}

/**
 * Asks the LLM for a query plan as JSON. The plan is validated against the plan schema and
 * compiled against the model (unknown tables or columns fail); any failure returns null so
 * the embedded engine answers instead.
 */
export async function planWithLlm(
  config: LlmConfig,
  question: string,
  model: SemanticModel,
  today: string,
): Promise<TQueryPlan | null> {
  try {
    const schema = JSON.stringify(z.toJSONSchema(ZQueryPlan, { io: 'input' }));
    const system = `You translate business questions into a JSON query plan. Today is ${today}. Answer with one JSON object valid under this JSON schema, nothing else.\n${schema}\nData model:\n${describeModel(model)}`;
    const content = await chat(config, system, question.slice(0, 2000));
    const parsed = ZQueryPlan.safeParse(JSON.parse(content));
    if (!parsed.success) return null;
    compilePlan(parsed.data, model, 'duckdb');
    return parsed.data;
  } catch {
    return null;
  }
}

/** Asks the LLM to word the computed facts; kept only if every number it uses is in the facts. */
export async function narrateWithLlm(
  config: LlmConfig,
  question: string,
  facts: string[],
): Promise<string[] | null> {
  try {
    const content = await chat(
      config,
      'Rewrite these facts about a data answer as 1-3 short sentences for a business user. Use only numbers that appear in the facts. Answer as JSON {"sentences": [..]}.',
      `Question: ${question}\nFacts:\n${facts.join('\n')}`,
    );
    const parsed = z
      .object({ sentences: z.array(z.string().max(400)).min(1).max(5) })
      .parse(JSON.parse(content));
    const allowed = new Set(
      facts
        .join(' ')
        .match(/\d[\d,.]*/g)
        ?.map((n) => n.replace(/,/g, '')) ?? [],
    );
    const used =
      parsed.sentences
        .join(' ')
        .match(/\d[\d,.]*/g)
        ?.map((n) => n.replace(/,/g, '').replace(/\.$/, '')) ?? [];
    return used.every((n) => allowed.has(n) || [...allowed].some((a) => a.replace(/\.$/, '') === n))
      ? parsed.sentences
      : null;
  } catch {
    return null;
  }
}
