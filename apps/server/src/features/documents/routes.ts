/**
 * Document Management (spec document 3) and the documents of a use case (spec document 2 §3).
 *
 * Permissions (`config: { permission }`):
 *   any signed-in member — what they see is decided by the visibility rules in service.ts:
 *     GET  /api/copilot/documents, /documents/:id, /documents/:id/pages, /documents/:id/file,
 *          /documents/folders, /documents/share-candidates
 *   data.write:
 *     POST /api/copilot/documents (upload), PATCH /documents/:id, PUT /documents/:id/sharing,
 *     DELETE /documents/:id, POST|DELETE /documents/:id/use-cases/:useCaseId,
 *     POST|PATCH|DELETE /documents/folders[/:id]
 *   Changing one document also needs to be its uploader or an administrator (service.ts).
 */
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import {
  ZDocument,
  ZDocumentFolder,
  ZDocumentList,
  ZDocumentListQuery,
  ZDocumentPages,
  ZDocumentSharing,
  ZDocumentUpdate,
  ZFolderInput,
  ZFolderUpdate,
  ZShareCandidates,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as folders from './folders';
import * as documents from './service';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, receiveDocuments } from './upload';

const tags = ['Documents'];
const base = '/api/copilot/documents';
const idOf = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive()
    .max(2_147_483_647);
const idParams = z.object({ id: idOf('id') });
const linkParams = idParams.extend({ useCaseId: idOf('useCaseId') });
const ok = z.object({ status: z.literal('Success') });
const fileQuery = z.object({ download: z.enum(['0', '1']).optional() });

/**
 * The file route is shown in our own side panel's iframe: it allows framing by this origin only
 * (the app's default is frame-ancestors 'none') and runs nothing of its own.
 */
const FILE_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  frameguard: { action: 'sameorigin' as const },
};

export async function documentRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  app.addHook('onReady', () => deps.documentJobs.recover());

  // Its own scope, so the multipart parser serves only the upload.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES_PER_UPLOAD } });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get(
      base,
      {
        schema: {
          tags,
          summary: 'Documents the caller may see, filtered and searched (full text)',
          querystring: ZDocumentListQuery,
          response: { 200: ZDocumentList, ...errorResponses },
        },
      },
      async (request) => ({
        documents: await documents.listDocuments(deps, callerOf(request), request.query),
      }),
    );

    r.post(
      base,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Upload documents',
          description:
            'multipart/form-data: optional use_case_id (the use case’s Document tool formats and size limit apply, and the documents are linked to it), folder_id and category, then up to 10 files (PDF, DOCX, XLSX, TXT, CSV; 100 MB at most). Text is extracted in the background: status processing → ready | failed.',
          response: {
            200: ZDocumentList,
            413: errorResponses[400],
            415: errorResponses[400],
            ...errorResponses,
          },
        },
      },
      async (request) => ({ documents: await receiveDocuments(deps, request, callerOf(request)) }),
    );

    r.get(
      `${base}/folders`,
      {
        schema: {
          tags,
          response: { 200: z.object({ folders: z.array(ZDocumentFolder) }), ...errorResponses },
        },
      },
      async (request) => ({
        folders: await folders.listFolders(deps, callerOf(request)),
      }),
    );
    r.post(
      `${base}/folders`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          body: ZFolderInput,
          response: { 200: ZDocumentFolder, 409: errorResponses[400], ...errorResponses },
        },
      },
      async (request) => folders.createFolder(deps, callerOf(request), request.body),
    );
    r.patch(
      `${base}/folders/:id`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          params: idParams,
          body: ZFolderUpdate,
          response: { 200: ZDocumentFolder, 409: errorResponses[400], ...errorResponses },
        },
      },
      async (request) => folders.updateFolder(deps, callerOf(request), request.params.id, request.body),
    );
    r.delete(
      `${base}/folders/:id`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Delete a folder; its documents stay, outside any folder',
          params: idParams,
          response: { 200: ok, ...errorResponses },
        },
      },
      async (request) => {
        await folders.deleteFolder(deps, callerOf(request), request.params.id);
        return { status: 'Success' as const };
      },
    );

    r.get(
      `${base}/share-candidates`,
      {
        schema: {
          tags,
          summary: 'People of the organisation a document can be shared with',
          response: { 200: ZShareCandidates, ...errorResponses },
        },
      },
      async (request) => documents.shareCandidates(deps, callerOf(request)),
    );

    r.get(
      `${base}/:id`,
      { schema: { tags, params: idParams, response: { 200: ZDocument, ...errorResponses } } },
      async (request) => documents.getDocument(deps, callerOf(request), request.params.id),
    );
    r.patch(
      `${base}/:id`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Rename, move to a folder, set the category',
          params: idParams,
          body: ZDocumentUpdate,
          response: { 200: ZDocument, ...errorResponses },
        },
      },
      async (request) => documents.updateDocument(deps, callerOf(request), request.params.id, request.body),
    );
    r.put(
      `${base}/:id/sharing`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'The whole organisation, or only its uploader and the chosen people',
          params: idParams,
          body: ZDocumentSharing,
          response: { 200: ZDocument, ...errorResponses },
        },
      },
      async (request) => documents.shareDocument(deps, callerOf(request), request.params.id, request.body),
    );
    r.delete(
      `${base}/:id`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Delete the document, its text and its file',
          params: idParams,
          response: { 200: ok, ...errorResponses },
        },
      },
      async (request) => {
        await documents.deleteDocument(deps, callerOf(request), request.params.id);
        return { status: 'Success' as const };
      },
    );
    r.post(
      `${base}/:id/use-cases/:useCaseId`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Link the document to a use case',
          params: linkParams,
          response: { 200: ZDocument, 413: errorResponses[400], 415: errorResponses[400], ...errorResponses },
        },
      },
      async (request) =>
        documents.linkDocument(deps, callerOf(request), request.params.id, request.params.useCaseId),
    );
    r.delete(
      `${base}/:id/use-cases/:useCaseId`,
      {
        config: { permission: 'data.write' },
        schema: {
          tags,
          summary: 'Unlink the document from a use case',
          params: linkParams,
          response: { 200: ZDocument, ...errorResponses },
        },
      },
      async (request) =>
        documents.unlinkDocument(deps, callerOf(request), request.params.id, request.params.useCaseId),
    );
    r.get(
      `${base}/:id/pages`,
      {
        schema: {
          tags,
          summary: 'The extracted text, page by page (the first 200 pages)',
          params: idParams,
          response: { 200: ZDocumentPages, ...errorResponses },
        },
      },
      async (request) => documents.documentPages(deps, callerOf(request), request.params.id),
    );

    r.get(
      `${base}/:id/file`,
      {
        helmet: FILE_HEADERS,
        schema: {
          tags,
          summary: 'The file itself (inline; ?download=1 to save it)',
          params: idParams,
          querystring: fileQuery,
        },
      },
      async (request, reply) => {
        const { row, file, size } = await documents.documentFile(deps, callerOf(request), request.params.id);
        // Only PDFs and plain text are shown inline; Office files are always downloaded.
        const inline =
          request.query.download !== '1' &&
          (row.format === 'pdf' || row.format === 'txt' || row.format === 'csv');
        const asciiName = row.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
        reply
          .type(row.mime_type)
          .header('content-length', size)
          .header(
            'content-disposition',
            `${inline ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
          )
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff');
        return reply.send(fs.createReadStream(file));
      },
    );
  });
}
