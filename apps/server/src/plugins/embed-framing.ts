import type { FastifyInstance } from 'fastify';

/** The page a use case's embed code frames (the web app's /embed/agent/:id route). */
const EMBED_PATH_PREFIX = '/embed/';

/**
 * Every page of Catalyst refuses to be framed (frame-ancestors 'none', X-Frame-Options), except
 * the embed page, which exists to be framed by other sites. Framing it exposes nothing by
 * itself: the page talks to Catalyst AI only with the viewer's own session, under the same
 * permission and organisation rules as the app, and never asks for a password inside a frame.
 */
export function allowEmbedFraming(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(EMBED_PATH_PREFIX)) return payload;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    return payload;
  });
}
