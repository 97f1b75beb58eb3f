import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from './auth';

/**
 * Security headers with a strict Content-Security-Policy the app runs under (no inline scripts;
 * inline styles are allowed because the chart and dialog libraries set style attributes).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'blob:', 'data:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin app: the PDF side panel embeds our own pages, nothing embeds us.
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins the app is served from: PUBLIC_URL's, and the server's own host as the request
 * names it (a direct http(s)://HOST:PORT visit, or the Vite dev proxy, which keeps the Host).
 * Both the HTTP Origin check and the socket handshake use this one rule.
 */
export function appOriginAllows(config: Pick<Config, 'publicUrl'>) {
  const publicOrigin = new URL(config.publicUrl).origin;
  return (origin: string | undefined, host: string | undefined): boolean =>
    Boolean(origin) &&
    (origin === publicOrigin ||
      (Boolean(host) && (origin === `http://${host}` || origin === `https://${host}`)));
}

/**
 * CSRF defence for cookie-authenticated writes: a state-changing request that carries the session
 * cookie must come from our own origin (Origin, else Referer). The cookie is what authenticates
 * such a request (it wins over a Bearer header, see plugins/auth.ts), so a Bearer header beside it
 * changes nothing: only requests without the cookie skip the check — browsers never attach a
 * Bearer token on their own.
 */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const allows = appOriginAllows(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    const origin =
      request.headers.origin ?? (request.headers.referer ? safeOrigin(request.headers.referer) : undefined);
    if (!allows(origin, request.headers.host)) {
      throw new AppError(
        'FORBIDDEN',
        'This request did not come from the Catalyst app (its Origin is missing or foreign), so it was refused.',
      );
    }
  });
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
