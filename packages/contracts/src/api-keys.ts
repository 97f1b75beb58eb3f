import { z } from 'zod';
import { zText } from './text';

/**
 * API keys and the public API (spec document 3 "API Management tab", issue 8 part 4). Keys are
 * made on the server, shown whole once, stored hashed and afterwards known by their prefix.
 */

const id = (label = 'id') =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive id`)
    .max(2_147_483_647, `${label} is not a known id`);

/** Key levels (spec §9), cumulative: write includes read, admin includes write. */
export const API_KEY_PERMISSIONS = ['read', 'write', 'admin'] as const;
export const ZApiKeyPermission = z.enum(API_KEY_PERMISSIONS, {
  error: 'A key permission is read, write or admin',
});
export type TApiKeyPermission = z.infer<typeof ZApiKeyPermission>;

export const API_KEY_PERMISSION_INFO: Record<TApiKeyPermission, string> = {
  read: 'Read endpoints (GET), within what your role may see',
  write: 'Read and write endpoints (invite users, ask Catalyst AI)',
  admin: 'Everything your role allows, on every public endpoint',
};

/** What an endpoint needs from a key (spec §6: endpoint permissions are read or write). */
export const API_ENDPOINT_ACCESS = ['read', 'write'] as const;
export type TApiEndpointAccess = (typeof API_ENDPOINT_ACCESS)[number];

export const API_KEY_STATUSES = ['active', 'inactive', 'expired'] as const;
export const ZApiKeyStatus = z.enum(API_KEY_STATUSES);
export type TApiKeyStatus = z.infer<typeof ZApiKeyStatus>;

/** Spec §9: default rate limit 100 requests per minute; the hidden key shows 32 dots. */
export const DEFAULT_API_KEY_RATE_LIMIT = 100;
export const MAX_API_KEY_RATE_LIMIT = 10_000;
export const HIDDEN_API_KEY = '•'.repeat(32);
/** Every key starts with it, so a bearer token is recognisably a key rather than a session. */
export const API_KEY_PREFIX = 'cat_live_';

export const ZCreateApiKey = z
  .object({
    name: zText('Key name is required')
      .trim()
      .min(1, 'Key name is required')
      .max(100, 'Key name is too long (100 characters at most)'),
    permissions: z
      .array(ZApiKeyPermission, { error: 'permissions must be a list of read, write and admin' })
      .min(1, 'Choose at least one permission')
      .max(3)
      .refine((list) => new Set(list).size === list.length, 'Each permission may be chosen once'),
    rateLimit: z.coerce
      .number({ error: 'Rate limit must be a number' })
      .int('Rate limit must be a whole number')
      .min(1, 'Rate limit must be at least 1 request per minute')
      .max(
        MAX_API_KEY_RATE_LIMIT,
        `Rate limit is ${MAX_API_KEY_RATE_LIMIT.toLocaleString('en-US')} requests per minute at most`,
      )
      .default(DEFAULT_API_KEY_RATE_LIMIT),
    /** When the key stops working; none: it never expires. */
    expiresAt: z.iso
      .datetime({ offset: true, error: 'expiresAt must be an ISO date and time' })
      .nullable()
      .optional(),
  })
  .meta({ id: 'CreateApiKey' });
export type TCreateApiKey = z.infer<typeof ZCreateApiKey>;

export const ZApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The start of the key followed by "…": enough to recognise it, not to use it. */
    prefix: z.string(),
    permissions: z.array(ZApiKeyPermission),
    /** expired: past its expiry; inactive: its creator (or organisation) was deactivated. */
    status: ZApiKeyStatus,
    createdAt: z.string(),
    createdBy: z.string(),
    /** ISO time of the last request; null: never used ("Never"). */
    lastUsed: z.string().nullable(),
    expiresAt: z.string().nullable(),
    requestCount: z.number().int(),
    rateLimit: z.number().int(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKey>;

/** The answer to creating a key: the only time the whole secret is ever sent. */
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() }).meta({ id: 'CreatedApiKey' });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) }).meta({ id: 'ApiKeyList' });

export const ZApiEndpoint = z
  .object({
    /** Stable id, e.g. "get-users". */
    id: z.string(),
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
    path: z.string(),
    description: z.string(),
    permission: z.enum(API_ENDPOINT_ACCESS),
    /** Requests per minute one key may make to this endpoint. */
    rateLimit: z.number().int(),
    enabled: z.boolean(),
  })
  .meta({ id: 'ApiEndpoint' });
export type TApiEndpoint = z.infer<typeof ZApiEndpoint>;
export const ZApiEndpointList = z
  .object({ endpoints: z.array(ZApiEndpoint) })
  .meta({ id: 'ApiEndpointList' });
export const ZApiEndpointParams = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,100}$/, 'is not an endpoint id'),
});
export const ZApiEndpointUpdate = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const ZApiRequestLog = z
  .object({
    id: z.string(),
    timestamp: z.string(),
    /** The key's prefix and "…", never the key. */
    apiKey: z.string(),
    keyName: z.string().nullable(),
    endpoint: z.string(),
    method: z.string(),
    status: z.number().int(),
    responseTime: z.number().int(),
    ipAddress: z.string(),
  })
  .meta({ id: 'ApiRequestLog' });
export type TApiRequestLog = z.infer<typeof ZApiRequestLog>;
/** `?page=&limit=` of a paged list: page from 1, limit from 1 to `max`. */
function pageQuery(max: number, byDefault: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(100_000)
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit is at least 1')
      .max(max, `limit is ${max} at most`)
      .default(byDefault),
  });
}

export const ZApiRequestLogQuery = pageQuery(200, 25);
export const ZApiRequestLogPage = z
  .object({
    logs: z.array(ZApiRequestLog),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'ApiRequestLogPage' });
export type TApiRequestLogPage = z.infer<typeof ZApiRequestLogPage>;

/** The four summary cards, computed from the keys, the endpoints and the request logs. */
export const ZApiSummary = z
  .object({
    totalKeys: z.number().int(),
    activeKeys: z.number().int(),
    endpoints: z.number().int(),
    enabledEndpoints: z.number().int(),
    /** Requests made with the organisation's keys in the last 30 days. */
    requests30d: z.number().int(),
    requests24h: z.number().int(),
    /** 2xx ÷ all requests of the last 24 hours, in percent; null without requests. */
    successRate24h: z.number().nullable(),
  })
  .meta({ id: 'ApiSummary' });
export type TApiSummary = z.infer<typeof ZApiSummary>;

// ---- The public API (/api/v1/…) -----------------------------------------------------------

export const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
] as const;

export const ZPublicPageQuery = pageQuery(100, 20);
export const ZPublicPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const ZPublicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    status: z.enum(['active', 'inactive']),
  })
  .meta({ id: 'PublicUser' });
export const ZPublicUserList = z
  .object({ success: z.literal(true), data: z.array(ZPublicUser), pagination: ZPublicPagination })
  .meta({ id: 'PublicUserList' });
export const ZPublicInviteUser = z
  .object({
    username: zText('username is required')
      .trim()
      .regex(
        /^[A-Za-z0-9._@-]{1,150}$/,
        'username may use letters, digits and . _ @ - (150 characters at most)',
      ),
    email: zText('email is required')
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'email must be a valid e-mail address')
      .max(254, 'email is too long (254 characters at most)'),
    first_name: zText('first_name must be text')
      .trim()
      .max(100, 'first_name is too long (100 characters at most)')
      .default(''),
    last_name: zText('last_name must be text')
      .trim()
      .max(100, 'last_name is too long (100 characters at most)')
      .default(''),
    /** A role of the organization; its User role when left out. */
    role_id: id('role_id').optional(),
  })
  .meta({ id: 'PublicInviteUser' });
export const ZPublicUserCreated = z
  .object({ success: z.literal(true), data: ZPublicUser })
  .meta({ id: 'PublicUserCreated' });

export const ZPublicConversation = z
  .object({
    thread_id: z.number().int(),
    name: z.string().nullable(),
    use_case_id: z.number().int().nullable(),
    use_case_name: z.string().nullable(),
    message_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicConversation' });
export const ZPublicConversationList = z
  .object({ success: z.literal(true), data: z.array(ZPublicConversation), pagination: ZPublicPagination })
  .meta({ id: 'PublicConversationList' });
export const ZPublicAsk = z
  .object({
    question: zText('question is required')
      .trim()
      .min(1, 'question is required')
      .max(10_000, 'question has 10,000 characters at most'),
    use_case_id: id('use_case_id').nullable().optional(),
    /** Continue this thread (one of yours) instead of starting a new one. */
    thread_id: id('thread_id').optional(),
  })
  .meta({ id: 'PublicAsk' });
export type TPublicAsk = z.infer<typeof ZPublicAsk>;
export const ZPublicAnswer = z
  .object({
    success: z.literal(true),
    data: z.object({
      thread_id: z.number().int(),
      message_id: z.number().int(),
      content: z.string(),
      /** The answer's cards (metric, chart, table, text, action, pdf), as the chat shows them. */
      cards: z.array(z.unknown()),
      confidence: z.number().nullable(),
    }),
  })
  .meta({ id: 'PublicAnswer' });
export type TPublicAnswer = z.infer<typeof ZPublicAnswer>;
