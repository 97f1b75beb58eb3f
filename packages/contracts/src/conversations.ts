import { z } from 'zod';
import { zText } from './text';

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is not a known id');

export const ZThread = z
  .object({
    thread_id: z.number(),
    thread_name: z.string().nullable(),
    insert_ts: z.string(),
    creation_ts: z.string(),
    usecase_id: z.number().nullable(),
    use_case_name: z.string().nullable(),
    message_count: z.number(),
    user_name: z.string(),
    is_owner: z.boolean(),
  })
  .meta({ id: 'Thread' });
export type TThread = z.infer<typeof ZThread>;

/** One exchange of a thread: the user's question and Catalyst AI's answer to it. */
export const ZThreadMessage = z
  .object({
    message_id: z.number(),
    message: z.string(),
    content: z.string(),
    cards: z.array(z.unknown()),
    created_date: z.string(),
    status: z.enum(['pending', 'answered', 'error']),
    feedback: z.number().nullable(),
    confidence: z.number().nullable(),
  })
  .meta({ id: 'ThreadMessage' });
export type TThreadMessage = z.infer<typeof ZThreadMessage>;

export const ZThreadIdParams = z.object({ threadId: id });
export const ZThreadListQuery = z.object({ usecase_id: id.optional() });
export const ZRenameThread = z.object({
  thread_name: zText('thread_name must be text')
    .trim()
    .min(1, 'A thread name cannot be empty')
    .max(200, 'A thread name has 200 characters at most'),
});
export const ZShareUserListRequest = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(500),
  useCaseId: id.optional().nullable(),
});
export const ZShareCandidate = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    userName: z.string(),
    email: z.string(),
  })
  .meta({ id: 'ShareCandidate' });
export const ZShareRequest = z.object({
  thread_id: id,
  user_list: z
    .array(id, { error: 'user_list must be a list of user ids' })
    .min(1, 'Choose at least one user')
    .max(500),
});
export const ZDeleteMessageRequest = z.object({ thread_id: id, message_id: id });
export const ZFeedbackRequest = z.object({
  message_id: id,
  thread_id: id,
  feedback: z.union([z.literal(0), z.literal(1)], { error: 'feedback must be 1 (like) or 0 (dislike)' }),
});

export const ZSendContentRequest = z.object({
  recipients: z
    .array(
      zText('recipients must be e-mail addresses')
        .trim()
        .email('Please enter a valid email address')
        .max(254),
      { error: 'recipients must be a list of e-mail addresses' },
    )
    .min(1, 'Please add at least one email address')
    .max(50, '50 recipients at most'),
  base64: zText('base64 must be the PNG image as base64 text').min(1, 'The image is missing'),
});

// Socket.IO: the client's `message` event and the server's `response` chunks.
export const ZSocketMessage = z.object({
  message: zText('message must be text').max(10_000, 'A question has 10,000 characters at most').default(''),
  usecase_id: id.nullable().optional(),
  thread_id: z.union([id, z.literal(''), z.null()]).optional(),
  message_id: z.union([id, z.literal(''), z.null()]).optional(),
  query_type: z.string().max(100).optional().nullable(),
  isNewThread: z.boolean().optional(),
  mode_id: z
    .union([z.number(), z.string().max(20)])
    .optional()
    .nullable(),
  is_regenerate: z.boolean().optional(),
  /** Alert-based conversations: the recommendation to explain (investigate / explore). */
  alert_id: z
    .union([z.string().max(100), z.number()])
    .optional()
    .nullable(),
  action: z.string().max(50).optional().nullable(),
});
export type TSocketMessage = z.infer<typeof ZSocketMessage>;

export const ZChunkControl = z.object({
  content_type: z.enum([
    'primary-response-start',
    'loaders',
    'loaders-end',
    'primary-response-end',
    'additional_insights',
    'error',
  ]),
  text: z.string().optional(),
  /** With `error`: the stable error code (ERROR_CODES), the same a REST call gets for the same failure. */
  code: z.string().optional(),
  data: z.unknown().optional(),
});

export const ZSocketResponse = z.object({
  id: z.number().nullable(),
  thread_id: z.number().nullable(),
  response_type: z.enum(['chunk-init', 'chunk-data', 'chunk-end']),
  content: z.string(),
  cards: z.union([z.array(z.unknown()), ZChunkControl, z.null()]),
  created_date: z.string(),
  /** The question the reply answers (message id), for matching regenerations. */
  message_id: z.number().nullable().optional(),
});
export type TSocketResponse = z.infer<typeof ZSocketResponse>;

export const ZSocketError = z.object({
  code: z.string(),
  message: z.string(),
  thread_id: z.number().nullable().optional(),
});
export type TSocketError = z.infer<typeof ZSocketError>;
