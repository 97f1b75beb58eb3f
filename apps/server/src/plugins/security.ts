import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from '../features/auth/sessions';

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
 * CSRF defence for cookie-authenticated writes: a state-changing request that carries the session
 * cookie must come from our own origin (Origin, else Referer). Bearer-token requests are not
 * sent by browsers on their own, so they need no check.
 */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return;
    if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
    const origin =
      request.headers.origin ?? (request.headers.referer ? safeOrigin(request.headers.referer) : undefined);
    const host = request.headers.host;
    const sameHost = origin && host && (origin === `http://${host}` || origin === `https://${host}`);
    if (!origin || (!allowed.has(origin) && !sameHost)) {
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
