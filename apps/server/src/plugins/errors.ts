import { ZErrorBody, type TErrorBody } from '@catalyst/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/** Error responses every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  429: ZErrorBody,
  500: ZErrorBody,
};

// Fastify's own 4xx errors, reworded for people.
const FASTIFY_MESSAGES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here; send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_TYPE: { code: 'BAD_REQUEST', message: 'The Content-Type header is not valid.' },
};

function describePath(path: unknown): string {
  if (typeof path === 'string') return path.replace(/^\//, '').replace(/\//g, '.');
  return '';
}

/**
 * The one place that turns errors into responses: 4xx carry a message a user can act on;
 * anything else is logged with its request id and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance, options: { spaIndexHtml?: Buffer } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: TErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { error: error.code, message: error.message };
      reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const issues = error.validation.map((v) => {
        const field = [
          describePath(v.instancePath),
          ...((v.params.issue as { path?: unknown[] } | undefined)?.path ?? []).map(String),
        ]
          .filter(Boolean)
          .join('.');
        return {
          path: field || String(error.validationContext ?? 'body'),
          message: v.message ?? 'is not valid',
        };
      });
      const where = error.validationContext ?? 'request';
      body = {
        error: 'VALIDATION_FAILED',
        message: `The ${where} is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        issues,
      };
    } else if (error.code && FASTIFY_MESSAGES[error.code]) {
      const known = FASTIFY_MESSAGES[error.code]!;
      status = error.statusCode ?? 400;
      body = { error: known.code, message: known.message };
    } else if ((error as { code?: unknown }).code === '23505') {
      // A unique constraint: two requests raced to create the same thing.
      status = 409;
      body = { error: 'CONFLICT', message: 'This already exists (another request created it a moment ago).' };
    } else if (isPgDataError(error)) {
      // Text PostgreSQL cannot store (bad encoding) or a value out of its range: the input's fault.
      status = 400;
      body = {
        error: 'BAD_REQUEST',
        message: 'A value in the request cannot be stored (invalid characters or out of range).',
      };
    } else if (isDatabaseUnavailable(error)) {
      // The app database restarting or unreachable: a clean, retryable answer, not a crash or a hang.
      request.log.warn({ err: error }, 'the app database is unavailable');
      status = 503;
      reply.header('retry-after', '5');
      body = {
        error: 'UNAVAILABLE',
        message: 'Catalyst cannot reach its database right now. Please try again in a few seconds.',
      };
    } else if (error.statusCode === 429) {
      status = 429;
      body = {
        error: 'RATE_LIMITED',
        message: error.message || 'Too many requests. Please wait a moment and try again.',
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: 'BAD_REQUEST', message: error.message };
    } else {
      if (isResponseSerializationError(error))
        request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      else request.log.error({ err: error }, 'unhandled error');
      body = {
        error: 'INTERNAL',
        message: `Something went wrong on our side. If it keeps happening, report reference ${request.id}.`,
      };
    }
    body.requestId = request.id;
    return reply.code(status).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    // Client routes of the web app (/use-cases/12, /conversation/new …) get its index page.
    const isApi =
      request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/socketio');
    if (options.spaIndexHtml && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(options.spaIndexHtml);
    }
    return reply.code(404).send({
      error: 'NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]} in the Catalyst API.`,
      requestId: request.id,
    });
  });
}

/**
 * The app database going away: connection refused or reset, a session ended by a restart
 * (57P01–57P03), a database not accepting connections (55000, 57P03), connection exceptions
 * (class 08), or the pool giving up on connecting.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (
    /^(57P0[123]|08...|55000)$/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)
  )
    return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/.test(
    message,
  );
}

/** PostgreSQL's class 22 (data exception) errors: invalid text encoding, numbers out of range. */
function isPgDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
