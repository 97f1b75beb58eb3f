import { z } from 'zod';
import { zText } from './text';

/**
 * Agents (spec 3 "Agents screen"): the organisation's OpenAI-compatible LLM provider that
 * Catalyst AI uses, and the MCP servers registered for later use. Stored keys and tokens are
 * never sent back: responses carry `hasApiKey` / `hasToken`.
 */

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/**
 * An address the server will call: http(s) only, no user:password part (the secret belongs in
 * its own field, which is encrypted), no trailing slash. Private addresses are not refused here
 * yet: see `assertCallableUrl` on the server.
 */
export const zOutboundUrl = (label: string) =>
  zText(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} is too long (500 characters at most)`)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a full address such as https://api.example.com/v1`,
        });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        ctx.addIssue({ code: 'custom', message: `${label} must start with http:// or https://` });
      else if (url.username || url.password)
        ctx.addIssue({
          code: 'custom',
          message: `${label} must not contain a user name or password; put the secret in its own field`,
        });
    })
    .transform((value) => value.replace(/\/+$/, ''));

/** A secret typed into a form: one line of visible characters (it becomes an HTTP header). */
const zSecret = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(4000, `${label} is too long (4000 characters at most)`)
      .regex(/^[\x21-\x7e]+$/, `${label} must be one line without spaces`)
      .optional(),
  );

export const LLM_TIMEOUT_MS = { min: 1_000, max: 120_000, default: 15_000 } as const;
const zTimeout = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'Timeout must be a number of milliseconds' })
    .int('Timeout must be a whole number of milliseconds')
    .min(LLM_TIMEOUT_MS.min, 'Timeout must be at least 1 second')
    .max(LLM_TIMEOUT_MS.max, 'Timeout must be 120 seconds at most')
    .nullable()
    .optional(),
);

export const ZConnectionTest = z
  .object({
    ok: z.boolean(),
    /** What happened, in words: "Connected in 212 ms …" or the exact failure. */
    message: z.string(),
    latencyMs: z.number().nullable(),
    at: z.string(),
  })
  .meta({ id: 'ConnectionTest' });
export type TConnectionTest = z.infer<typeof ZConnectionTest>;

// ---- LLM provider ----

export const ZLlmProviderInput = z
  .object({
    baseUrl: zOutboundUrl('Base URL'),
    model: zText('Model is required')
      .trim()
      .min(1, 'Model is required')
      .max(200, 'Model is too long (200 characters at most)'),
    /** Leave out to keep the stored key. */
    apiKey: zSecret('API key'),
    /** Removes the stored key (for endpoints that need none). */
    clearApiKey: z.boolean().default(false),
    timeoutMs: zTimeout,
    enabled: z.boolean().default(true),
  })
  .meta({ id: 'SaveLlmProvider' });
export type TLlmProviderInput = z.input<typeof ZLlmProviderInput>;

/** Test settings before saving them; without an API key the stored one is used if the base URL is the saved one. */
export const ZLlmProviderTestInput = z
  .object({
    baseUrl: zOutboundUrl('Base URL'),
    model: zText('Model is required')
      .trim()
      .min(1, 'Model is required')
      .max(200, 'Model is too long (200 characters at most)'),
    apiKey: zSecret('API key'),
    timeoutMs: zTimeout,
  })
  .meta({ id: 'TestLlmProvider' });

export const ZLlmProvider = z
  .object({
    baseUrl: z.string(),
    model: z.string(),
    hasApiKey: z.boolean(),
    timeoutMs: z.number().nullable(),
    enabled: z.boolean(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    lastTest: ZConnectionTest.nullable(),
  })
  .meta({ id: 'LlmProvider' });
export type TLlmProvider = z.infer<typeof ZLlmProvider>;

/** Where Catalyst AI's language model comes from right now. */
export const LLM_SOURCES = ['organization', 'environment', 'embedded'] as const;

export const ZLlmSettings = z
  .object({
    provider: ZLlmProvider.nullable(),
    /** organization: this provider; environment: the server's LLM_* settings; embedded: no LLM, the built-in engine. */
    activeSource: z.enum(LLM_SOURCES),
    /** The model of the server's LLM_* settings, when set. */
    environmentModel: z.string().nullable(),
    /** Whether the caller may change these settings. */
    canManage: z.boolean(),
  })
  .meta({ id: 'LlmSettings' });
export type TLlmSettings = z.infer<typeof ZLlmSettings>;

// ---- MCP servers ----

const mcpName = zText('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name is too long (100 characters at most)');

export const ZMcpServerInput = z
  .object({
    name: mcpName,
    url: zOutboundUrl('Server URL'),
    /** Bearer token sent as `Authorization: Bearer …`; leave out for none. */
    token: zSecret('Token'),
  })
  .meta({ id: 'CreateMcpServer' });
export type TMcpServerInput = z.input<typeof ZMcpServerInput>;

export const ZMcpServerUpdate = z
  .object({
    name: mcpName.optional(),
    url: zOutboundUrl('Server URL').optional(),
    /** Leave out to keep the stored token. */
    token: zSecret('Token'),
    clearToken: z.boolean().default(false),
  })
  .meta({ id: 'UpdateMcpServer' });

export const ZMcpServerTestInput = z
  .object({ url: zOutboundUrl('Server URL'), token: zSecret('Token') })
  .meta({ id: 'TestMcpServer' });

export const ZMcpTool = z.object({ name: z.string(), description: z.string() }).meta({ id: 'McpTool' });
export type TMcpTool = z.infer<typeof ZMcpTool>;

export const ZMcpTestResult = ZConnectionTest.extend({
  serverName: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  tools: z.array(ZMcpTool),
}).meta({ id: 'McpTestResult' });
export type TMcpTestResult = z.infer<typeof ZMcpTestResult>;

export const ZMcpServer = z
  .object({
    id: z.number(),
    name: z.string(),
    url: z.string(),
    hasToken: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    lastTest: ZConnectionTest.nullable(),
    /** The tools the server listed at its last successful test. */
    tools: z.array(ZMcpTool),
  })
  .meta({ id: 'McpServer' });
export type TMcpServer = z.infer<typeof ZMcpServer>;

export const ZMcpServerList = z
  .object({ servers: z.array(ZMcpServer), canManage: z.boolean() })
  .meta({ id: 'McpServerList' });
export type TMcpServerList = z.infer<typeof ZMcpServerList>;
