import type { TMcpTestResult, TMcpTool } from '@catalyst/contracts';
import type { Outbound } from '../../lib/outbound';
import {
  assertCallableUrl,
  describeFetchError,
  errorDetail,
  MAX_REPLY_BYTES,
  redact,
  ReplyTooLarge,
} from './outbound';

/** The MCP revision Catalyst asks for; servers answer with the one they speak. */
const MCP_PROTOCOL_VERSION = '2025-03-26';
const MCP_TIMEOUT_MS = 10_000;
const MAX_TOOLS = 200;
const MAX_PAGES = 10;

interface RpcMessage {
  jsonrpc?: string;
  id?: number | string | null;
  result?: unknown;
  error?: { code?: number; message?: string };
}

class McpFailure extends Error {}

function httpFailure(status: number, body: string): McpFailure {
  if (status === 401 || status === 403)
    return new McpFailure(`${status} from the MCP server: check the token`);
  if (status === 404)
    return new McpFailure('404 from the MCP server: check the URL (it usually ends in /mcp)');
  if (status === 405)
    return new McpFailure(
      '405 from the MCP server: it does not accept POST here. Catalyst speaks streamable HTTP; older SSE-only endpoints are not supported',
    );
  if (status >= 300 && status < 400)
    return new McpFailure(`${status} from the MCP server: it redirects elsewhere; enter the final address`);
  const detail = errorDetail(body);
  return new McpFailure(`${status} from the MCP server${detail ? `: ${detail}` : ''}`);
}

/** Reads JSON-RPC messages from a JSON body or a text/event-stream until the one with `id` arrives. */
async function readResponse(res: Response, id: number): Promise<RpcMessage> {
  const type = res.headers.get('content-type') ?? '';
  if (!res.body) throw new McpFailure('the MCP server sent an empty reply');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const matching = (value: unknown): RpcMessage | undefined => {
    const list = Array.isArray(value) ? value : [value];
    return list.find(
      (m): m is RpcMessage => typeof m === 'object' && m !== null && (m as RpcMessage).id === id,
    );
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) text += decoder.decode(value, { stream: !done });
      if (text.length > MAX_REPLY_BYTES) throw new ReplyTooLarge();
      if (type.includes('text/event-stream')) {
        // Events end with a blank line; each one's data lines hold one JSON-RPC message.
        const events = text.split(/\r?\n\r?\n/);
        for (const event of done ? events : events.slice(0, -1)) {
          const data = event
            .split(/\r?\n/)
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).replace(/^ /, ''))
            .join('\n');
          if (!data) continue;
          try {
            const found = matching(JSON.parse(data));
            if (found) return found;
          } catch {
            // Not JSON: skip the event.
          }
        }
      }
      if (done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (!type.includes('text/event-stream')) {
    try {
      const found = matching(JSON.parse(text));
      if (found) return found;
    } catch {
      throw new McpFailure('the MCP server did not answer with JSON-RPC: is this the MCP endpoint?');
    }
  }
  throw new McpFailure('the MCP server closed the reply without answering the request');
}

/**
 * "Test connection" of an MCP server over streamable HTTP: `initialize`, the `initialized`
 * notification, then `tools/list` (every page). Never throws; the message names the exact failure
 * and never contains the token.
 */
export async function probeMcp(options: {
  url: string;
  token?: string;
  now: () => Date;
  timeoutMs?: number;
  outbound: Pick<Outbound, 'policy' | 'fetch'>;
}): Promise<TMcpTestResult> {
  const timeoutMs = options.timeoutMs ?? MCP_TIMEOUT_MS;
  const url = assertCallableUrl(options.url, options.outbound.policy);
  const { fetch } = options.outbound;
  const signal = AbortSignal.timeout(timeoutMs);
  let sessionId: string | null = null;
  let protocolVersion: string | null = null;
  let nextId = 1;
  const headers = () => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
  });
  const post = async (message: object) => {
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: headers(),
      body: JSON.stringify(message),
    });
    sessionId = res.headers.get('mcp-session-id') ?? sessionId;
    return res;
  };
  const call = async (method: string, params: object): Promise<unknown> => {
    const id = nextId++;
    const res = await post({ jsonrpc: '2.0', id, method, params });
    if (res.status < 200 || res.status >= 300) {
      const body = await res.text().catch(() => '');
      throw httpFailure(res.status, body.slice(0, 4000));
    }
    const reply = await readResponse(res, id);
    if (reply.error)
      throw new McpFailure(
        `${method} failed: ${reply.error.message ?? `error ${reply.error.code ?? ''}`.trim()}`,
      );
    return reply.result;
  };

  const started = performance.now();
  const result = (
    fields: Partial<TMcpTestResult> & Pick<TMcpTestResult, 'ok' | 'message'>,
  ): TMcpTestResult => ({
    latencyMs: null,
    serverName: null,
    protocolVersion,
    tools: [],
    at: options.now().toISOString(),
    ...fields,
    message: redact(fields.message, options.token),
  });
  try {
    const init = (await call('initialize', {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'Catalyst', version: '0.1.0' },
    })) as {
      protocolVersion?: unknown;
      serverInfo?: { name?: unknown; version?: unknown };
      capabilities?: { tools?: unknown };
    } | null;
    if (!init || typeof init !== 'object')
      throw new McpFailure('the MCP server answered initialize without a result');
    protocolVersion = typeof init.protocolVersion === 'string' ? init.protocolVersion.slice(0, 40) : null;
    const serverName =
      typeof init.serverInfo?.name === 'string'
        ? `${init.serverInfo.name}${typeof init.serverInfo.version === 'string' ? ` ${init.serverInfo.version}` : ''}`.slice(
            0,
            200,
          )
        : null;
    const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await note.body?.cancel().catch(() => undefined);

    const tools: TMcpTool[] = [];
    if (init.capabilities?.tools !== undefined) {
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
        const listed = (await call('tools/list', cursor ? { cursor } : {})) as {
          tools?: { name?: unknown; description?: unknown }[];
          nextCursor?: unknown;
        } | null;
        for (const tool of listed?.tools ?? []) {
          if (typeof tool?.name === 'string')
            tools.push({
              name: tool.name.slice(0, 200),
              description: typeof tool.description === 'string' ? tool.description.slice(0, 500) : '',
            });
        }
        cursor = typeof listed?.nextCursor === 'string' && listed.nextCursor ? listed.nextCursor : undefined;
        if (!cursor) break;
      }
    }
    const latencyMs = Math.round(performance.now() - started);
    const who = serverName ?? url.host;
    const offer =
      init.capabilities?.tools === undefined
        ? 'offers no tools'
        : `lists ${tools.length} tool${tools.length === 1 ? '' : 's'}`;
    return result({
      ok: true,
      message: `Connected in ${latencyMs} ms: ${who} ${offer}.`,
      latencyMs,
      serverName,
      tools: tools.slice(0, MAX_TOOLS),
    });
  } catch (error) {
    const message =
      error instanceof McpFailure || error instanceof ReplyTooLarge
        ? error.message
        : describeFetchError(error, url, timeoutMs);
    return result({ ok: false, message });
  } finally {
    // End the session politely; the answer does not matter.
    if (sessionId)
      await fetch(url, {
        method: 'DELETE',
        redirect: 'manual',
        signal: AbortSignal.timeout(2_000),
        headers: headers(),
      })
        .then(
          (r) => r.body?.cancel(),
          () => undefined,
        )
        .catch(() => undefined);
  }
}
