import {
  ZCurrentUser,
  ZEulaValidateRequest,
  ZEulaValidateResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZPasswordResetRequest,
  ZPasswordSetRequest,
  ZStatusResponse,
  ZValidateRequestResponse,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authOf, SESSION_COOKIE, sessionToken } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { acceptedHere, EULA_COOKIE, rememberAcceptance } from './eula';
import * as auth from './service';
import { revokeSession } from './sessions';

const tags = ['Authentication'];

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = deps.config.publicUrl.startsWith('https:');

  r.post(
    '/api/v1/authentication/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await auth.login(deps, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie,
        maxAge: Math.floor(deps.config.sessionAbsoluteMs / 1000),
      });
      if (result.isEulaAccepted)
        rememberAcceptance(reply, request.cookies[EULA_COOKIE], result.username, secureCookie);
      return result;
    },
  );

  r.post(
    '/api/v1/authentication/logout',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign out and revoke the session',
        response: { 200: ZMessageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await revokeSession(deps, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Logged out successfully' };
    },
  );

  r.get(
    '/api/validate-request',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Whether the caller has a valid session (401 when not)',
        response: {
          200: ZValidateRequestResponse,
          401: ZValidateRequestResponse.extend({ error: z.string(), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      if (!request.auth) {
        return reply.code(401).send({
          valid: false,
          error: 'UNAUTHENTICATED',
          message: 'Your session is not valid. Please sign in again.',
        });
      }
      return { valid: true };
    },
  );

  r.get(
    '/api/v1/authentication/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: ZCurrentUser, ...errorResponses } } },
    async (request) => auth.getCurrentUser(deps, authOf(request).userId),
  );

  r.post(
    '/api/v1/password/reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a single-use reset link (same answer whether or not the user exists)',
        body: ZPasswordResetRequest,
        response: { 200: ZStatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body.username);
      return { status: 'success' as const, message: 'Password reset instructions sent' };
    },
  );

  r.post(
    '/api/v1/password/set',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ZPasswordSetRequest,
        response: { 200: ZStatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      await auth.setPassword(deps, request.body);
      return { status: 'success' as const, message: 'Password has been reset successfully' };
    },
  );

  r.post(
    '/api/v1/accept/eula/validate',
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Whether this browser saw the user sign in after accepting the license agreement (never says whether the user exists)',
        body: ZEulaValidateRequest,
        response: { 200: ZEulaValidateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      isEulaAccepted: acceptedHere(request.cookies[EULA_COOKIE], request.body.userName),
    }),
  );

  r.post(
    '/api/v1/accept/eula',
    {
      schema: {
        tags,
        summary: 'Accept the license agreement',
        response: { 200: ZMessageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = authOf(request);
      await auth.acceptEula(deps, caller.userId);
      rememberAcceptance(reply, request.cookies[EULA_COOKIE], caller.username, secureCookie);
      return { message: 'EULA accepted successfully' };
    },
  );
}
