import {
  ZDeleteMessageRequest,
  ZFeedbackRequest,
  ZRenameThread,
  ZSendContentRequest,
  ZShareCandidate,
  ZShareRequest,
  ZShareUserListRequest,
  ZThread,
  ZThreadIdParams,
  ZThreadListQuery,
  ZThreadMessage,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { sendClip, CLIP_BODY_LIMIT } from './send-clip';
import * as threads from './threads';

const caller = callerOf;
const ok = z.object({ status: z.string(), message: z.string().optional() }).passthrough();

export async function conversationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Conversations'];
  const list = {
    tags,
    summary: 'Threads the caller owns or that were shared with them',
    querystring: ZThreadListQuery,
    response: { 200: z.object({ result: z.array(ZThread) }), ...errorResponses },
  };
  r.get('/api/copilot/threads', { schema: list }, async (request) => ({
    result: await threads.listThreads(deps, caller(request), request.query.usecase_id),
  }));
  r.get('/api/copilot/threads/v2', { schema: list }, async (request) => ({
    result: await threads.listThreads(deps, caller(request), request.query.usecase_id),
  }));
  r.get(
    '/api/copilot/threads/:threadId',
    {
      schema: {
        tags,
        summary: "A thread's exchanges",
        params: ZThreadIdParams,
        response: { 200: z.object({ result: z.array(ZThreadMessage) }), ...errorResponses },
      },
    },
    async (request) => ({
      result: await threads.threadMessages(deps, caller(request), request.params.threadId),
    }),
  );
  r.put(
    '/api/copilot/threads/:threadId',
    {
      schema: {
        tags,
        summary: 'Rename',
        params: ZThreadIdParams,
        body: ZRenameThread,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) =>
      threads.renameThread(deps, caller(request), request.params.threadId, request.body.thread_name),
  );
  r.delete(
    '/api/copilot/threads/:threadId',
    {
      schema: { tags, summary: 'Delete', params: ZThreadIdParams, response: { 200: ok, ...errorResponses } },
    },
    async (request) => threads.deleteThread(deps, caller(request), request.params.threadId),
  );
  r.post(
    '/api/v1/share/user/list',
    {
      schema: {
        tags,
        summary: 'Users a thread can be shared with',
        body: ZShareUserListRequest,
        response: { 200: z.object({ items: z.array(ZShareCandidate) }), ...errorResponses },
      },
    },
    async (request) => threads.shareCandidates(deps, caller(request), request.body),
  );
  r.post(
    '/api/copilot/share',
    {
      schema: {
        tags,
        summary: 'Share a thread with users of the organisation',
        body: ZShareRequest,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) =>
      threads.shareThread(deps, caller(request), request.body.thread_id, request.body.user_list),
  );
  r.post(
    '/api/copilot/delete-thread-message',
    {
      schema: {
        tags,
        summary: 'Delete an exchange',
        body: ZDeleteMessageRequest,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) =>
      threads.deleteMessage(deps, caller(request), request.body.thread_id, request.body.message_id),
  );
  r.post(
    '/api/copilot/feedback',
    {
      schema: {
        tags,
        summary: 'Like (1) or dislike (0) an answer',
        body: ZFeedbackRequest,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => threads.giveFeedback(deps, caller(request), request.body),
  );
  r.post(
    '/api/copilot/email/send-content',
    {
      bodyLimit: CLIP_BODY_LIMIT,
      schema: {
        tags,
        summary: 'E-mail a clipped PNG to recipients',
        body: ZSendContentRequest,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => sendClip(deps, caller(request), request.body),
  );
}
