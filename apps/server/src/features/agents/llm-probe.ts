import { LLM_TIMEOUT_MS, type TConnectionTest } from '@catalyst/contracts';
import type { LlmConfig } from '@catalyst/engine';
import { z } from 'zod';
import type { Outbound } from '../../lib/outbound';
import { assertCallableUrl, describeFetchError, errorDetail, readReply, redact } from './outbound';

const ZChatReply = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

function providerStatus(status: number, body: string): string {
  if (status === 401) return '401 from the provider: check the API key';
  if (status === 403) return '403 from the provider: the API key may not use this model or endpoint';
  if (status === 404)
    return '404 from the provider: check the base URL (it usually ends in /v1) and the model name';
  if (status === 429)
    return `429 from the provider: rate limit or quota exceeded${body ? ` (${errorDetail(body)})` : ''}`;
  if (status >= 300 && status < 400)
    return `${status} from the provider: it redirects elsewhere; enter the final address as the base URL`;
  const detail = errorDetail(body);
  return `${status} from the provider${detail ? `: ${detail}` : ''}`;
}

/**
 * "Test connection": one small chat completion shaped like Catalyst AI's own requests (JSON mode,
 * temperature 0), so a pass means the engine's planning calls can work. Never throws; the
 * message names the exact failure and never contains the key.
 */
export async function probeLlm(
  config: LlmConfig,
  now: () => Date,
  outbound: Pick<Outbound, 'policy' | 'fetch'>,
): Promise<TConnectionTest> {
  const timeoutMs = config.timeoutMs ?? LLM_TIMEOUT_MS.default;
  const url = assertCallableUrl(`${config.baseUrl}/chat/completions`, outbound.policy);
  const { fetch } = outbound;
  const result = (ok: boolean, message: string, latencyMs: number | null): TConnectionTest => ({
    ok,
    message: redact(message, config.apiKey),
    latencyMs,
    at: now().toISOString(),
  });
  const started = performance.now();
  let status: number;
  let body: string;
  try {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          {
            role: 'system',
            content: 'This is a connection test. Answer with the JSON object {"ok": true} and nothing else.',
          },
          { role: 'user', content: 'ping' },
        ],
      }),
    });
    status = res.status;
    body = await readReply(res);
  } catch (error) {
    return result(false, describeFetchError(error, url, timeoutMs), null);
  }
  const latencyMs = Math.round(performance.now() - started);
  if (status < 200 || status >= 300) return result(false, providerStatus(status, body), latencyMs);
  let reply: z.infer<typeof ZChatReply>;
  try {
    reply = ZChatReply.parse(JSON.parse(body));
  } catch {
    return result(
      false,
      `${url.origin} answered, but not with an OpenAI-compatible chat completion: check the base URL (it usually ends in /v1)`,
      latencyMs,
    );
  }
  const content = reply.choices[0]!.message.content ?? '';
  let json = true;
  try {
    JSON.parse(content);
  } catch {
    json = false;
  }
  return result(
    true,
    json
      ? `Connected in ${latencyMs} ms: ${config.model} answered.`
      : `Connected in ${latencyMs} ms: ${config.model} answered, but not in JSON. Catalyst AI needs JSON answers to plan queries; without them its embedded engine answers instead.`,
    latencyMs,
  );
}
