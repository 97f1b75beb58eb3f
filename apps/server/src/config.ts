import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowList } from './lib/outbound';

/** How long one call to the default LLM may take before the embedded engine answers instead. */
const LLM_DEFAULT_TIMEOUT_MS = 15_000;

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => URL.canParse(v) && protocols.some((p) => v.startsWith(`${p}:`)),
        `must be a URL starting with ${protocols.join(': or ')}:`,
      )
      .optional(),
  );

const ZEnv = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ error: 'must be a port number (0–65535)' }).int().min(0).max(65535).default(8080),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    CATALYST_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[A-Za-z0-9+/=_-]{32,}$/,
          'must be at least 32 characters of base64 or hex (e.g. `openssl rand -base64 32`)',
        )
        .optional(),
    ),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Catalyst <no-reply@catalyst.local>')),
    CATALYST_ADMIN_USERNAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._@-]{1,150}$/, 'may use letters, digits and . _ @ - (1–150 characters)')
        .default('admin'),
    ),
    CATALYST_ADMIN_PASSWORD: optionalString,
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    SESSION_IDLE_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(5).max(525600).default(720),
    ),
    SESSION_ABSOLUTE_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(365).default(14),
    ),
    WEB_DIST: optionalString,
    CATALYST_MAX_CSV_FILES: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).default(20),
    ),
    CATALYST_MAX_UPLOAD_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a number of bytes' })
        .int()
        .min(1024)
        .default(5 * 1024 ** 3),
    ),
    RECOMMENDATION_SCAN_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a number of hours (0 turns the schedule off)' })
        .min(0)
        .max(24 * 30)
        .default(6),
    ),
    CATALYST_DEMO: z.preprocess(
      emptyToUndefined,
      z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('1'),
    ),
    CATALYST_CURRENCY: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
      z
        .string()
        .refine((v) => /^[A-Z]{3}$/.test(v) && Intl.supportedValuesOf('currency').includes(v), {
          error: 'must be an ISO 4217 currency code such as USD, EUR or GBP',
        })
        .default('USD'),
    ),
    CATALYST_OUTBOUND_ALLOWLIST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (v) => parseAllowList(v).every((entry) => isHostOrCidr(entry)),
          'must be a comma-separated list of host names, addresses or CIDR ranges (e.g. "api.internal, 10.0.0.0/8")',
        )
        .optional(),
    ),
    // Catalyst AI's default LLM (an organisation's own provider takes precedence): both or neither.
    LLM_BASE_URL: optionalUrl(['http', 'https']),
    LLM_MODEL: optionalString,
    LLM_API_KEY: optionalString,
    // BigQuery workload identity federation: the GitHub Actions OIDC token endpoint (set by
    // GitHub's runner) and, for other providers, the file the platform writes its token to.
    ACTIONS_ID_TOKEN_REQUEST_URL: optionalUrl(['http', 'https']),
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: optionalString,
    CATALYST_WIF_TOKEN_FILE: z.preprocess(
      emptyToUndefined,
      z.string().default('/var/run/secrets/tokens/gcp-ksa/token'),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL))
      ctx.addIssue({
        code: 'custom',
        path: [env.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'],
        message: 'LLM_BASE_URL and LLM_MODEL go together: set both to use an LLM, or neither',
      });
  });

function isHostOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  if (prefix !== undefined)
    return (
      net.isIP(address) !== 0 && /^\d+$/.test(prefix) && Number(prefix) <= (net.isIPv4(address) ? 32 : 128)
    );
  return (
    net.isIP(address) !== 0 ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(address)
  );
}

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    secretKey: env.CATALYST_SECRET_KEY,
    publicUrl: (env.PUBLIC_URL ?? `http://${displayHost(env.HOST)}:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    adminUsername: env.CATALYST_ADMIN_USERNAME,
    adminPassword: env.CATALYST_ADMIN_PASSWORD,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_DAYS * 86_400_000,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    demo: env.CATALYST_DEMO === '1',
    /** Money columns are shown in this currency unless their name or definition names another. */
    currency: env.CATALYST_CURRENCY,
    maxCsvFiles: env.CATALYST_MAX_CSV_FILES,
    maxUploadBytes: env.CATALYST_MAX_UPLOAD_BYTES,
    recommendationScanMs: env.RECOMMENDATION_SCAN_HOURS * 3_600_000,
    /** Private hosts and ranges user-given URLs may reach (see lib/outbound.ts); empty: none. */
    outboundAllowList: parseAllowList(env.CATALYST_OUTBOUND_ALLOWLIST),
    /** Catalyst AI's default LLM (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY), or null: the embedded engine. */
    llm:
      env.LLM_BASE_URL && env.LLM_MODEL
        ? {
            baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
            model: env.LLM_MODEL,
            apiKey: env.LLM_API_KEY,
            timeoutMs: LLM_DEFAULT_TIMEOUT_MS,
          }
        : null,
    /** Where BigQuery's workload identity federation reads its token from (warehouses/bigquery.ts). */
    workloadIdentity: {
      githubTokenUrl: env.ACTIONS_ID_TOKEN_REQUEST_URL,
      githubToken: env.ACTIONS_ID_TOKEN_REQUEST_TOKEN,
      tokenFile: env.CATALYST_WIF_TOKEN_FILE,
    },
  };
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

const SECRET_VARIABLES = new Set([
  'CATALYST_SECRET_KEY',
  'LLM_API_KEY',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'CATALYST_ADMIN_PASSWORD',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Catalyst cannot start: the configuration has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

/** Reads and validates the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = String(i.path[0]);
        const shown = SECRET_VARIABLES.has(name)
          ? '(value hidden)'
          : `(got ${JSON.stringify(env[name] ?? null)})`;
        return `${name}: ${i.message} ${shown}`;
      }),
    );
  }
  return toConfig(parsed.data);
}
