import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from './deps';
import { adminRoutes } from './features/admin';
import { authRoutes, resolveSession } from './features/auth';
import { useCaseRoutes, relationshipRoutes } from './features/use-cases';
import { conversationRoutes, watchInterruptedAnswers } from './features/conversations';
import { decisionRoutes } from './features/decisions';
import { dataSourceRoutes } from './features/data-sources';
import { landingRoutes, createRecommendationScheduler, watchNewData } from './features/decision-hub';
import { agentRoutes } from './features/agents';
import { actionFlowRoutes } from './features/action-flows';
import { documentRoutes } from './features/documents';
import { createApiKeyAuthenticator, apiKeyRoutes } from './features/api-keys';
import { publicApiRoutes } from './features/public-api';
import { registerAuth } from './plugins/auth';
import { registerOriginCheck, registerSecurityHeaders } from './plugins/security';
import { allowEmbedFraming } from './plugins/embed-framing';
import { attachRealtime } from './realtime/socket';
import { registerErrorHandler } from './plugins/errors';
import { newToken } from './lib/tokens';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole app without listening; main.ts and the tests both use it. */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newToken().slice(0, 12),
    requestIdHeader: false,
  });
  // The first onClose hook runs last (Fastify runs them in reverse): the dependency graph closes
  // after every feature has stopped its own work.
  app.addHook('onClose', () => deps.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins first, then decorators and hooks, then routes (fastify/demo's order).
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);
  allowEmbedFraming(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Catalyst API',
        version: '0.1.0',
        description:
          'The REST API of Catalyst. Authenticate with the session cookie or `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), public: true };
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
  });

  // An empty body with a JSON content type means "no body", as browsers send for POSTs without payload.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  const spaIndexHtml = webIndex(deps.config.webDist);
  registerErrorHandler(app, { spaIndexHtml });
  registerOriginCheck(app, deps.config);
  const apiKeys = createApiKeyAuthenticator(deps);
  registerAuth(app, { resolveSession: (token) => resolveSession(deps, token), apiKeys });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { public: true },
      schema: { tags: ['System'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  await authRoutes(app, deps);
  await adminRoutes(app, deps);
  await dataSourceRoutes(app, deps);
  await useCaseRoutes(app, deps);
  await relationshipRoutes(app, deps);
  await conversationRoutes(app, deps);
  await decisionRoutes(app, deps);
  const scheduler = createRecommendationScheduler(deps, deps.config.recommendationScanMs);
  await landingRoutes(app, deps, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  const interrupted = watchInterruptedAnswers(deps, { singleInstance: !deps.config.databaseUrl });
  app.addHook('onReady', async () => interrupted.start());
  app.addHook('onClose', async () => interrupted.stop());
  watchNewData(deps, scheduler);
  app.addHook('onClose', async () => {
    deps.events.emit('close');
    await scheduler.stop();
  });
  // Feature routes of later issues register here.
  await agentRoutes(app, deps);
  await actionFlowRoutes(app, deps);
  await documentRoutes(app, deps);
  await apiKeyRoutes(app, deps, apiKeys);
  await publicApiRoutes(app, deps);

  serveWebApp(app, spaIndexHtml ? deps.config.webDist : undefined);
  await attachRealtime(app, deps);
  return app;
}

/** Serves the built SPA's files; client routes fall back to index.html in the not-found handler. */
function serveWebApp(app: FastifyInstance, dist: string | undefined) {
  if (!dist) return;
  void app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

function webIndex(dist: string | undefined): Buffer | undefined {
  const index = dist ? path.join(dist, 'index.html') : undefined;
  return index && fs.existsSync(index) ? fs.readFileSync(index) : undefined;
}
