import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_MB,
  ZDocumentCategory,
  documentToolConfigOf,
  type TDocument,
  type TDocumentCategory,
  type TDocumentFormat,
} from '@catalyst/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { Caller } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor } from '../use-cases';
import { documentsDir } from './jobs';
import { listDocumentsByIds } from './service';

export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_UPLOAD_BYTES = DOCUMENT_MAX_MB * 1024 * 1024;

const MIME: Record<TDocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

const HEAD_BYTES = 8192;

interface Limits {
  formats: readonly TDocumentFormat[];
  maxBytes: number;
  useCaseId: number | null;
  useCaseName: string | null;
  folderId: number | null;
  category: TDocumentCategory | null;
}

interface Received {
  name: string;
  format: TDocumentFormat;
  storageKey: string;
  path: string;
  size: number;
}

/** Counts the bytes of a file part, keeps its first bytes for sniffing, and drops what is past the limit (the rest is drained, not stored). */
class SniffAndLimit extends Transform {
  head = Buffer.alloc(0);
  bytes = 0;
  tooLarge = false;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.bytes > this.maxBytes) this.tooLarge = true;
    done(null, this.tooLarge ? undefined : chunk);
  }
}

const formatOf = (filename: string): TDocumentFormat | null => {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return (DOCUMENT_FORMATS as readonly string[]).includes(ext) ? (ext as TDocumentFormat) : null;
};

const formatList = (formats: readonly string[]) => formats.map((f) => f.toUpperCase()).join(', ');

/** Whether the first bytes look like the format the name claims; the reason when they do not. */
function contentProblem(format: TDocumentFormat, head: Buffer, name: string): string | null {
  if (format === 'pdf')
    return head.subarray(0, 1024).includes('%PDF-')
      ? null
      : `"${name}" is not a PDF file: its content does not start like a PDF.`;
  if (format === 'docx' || format === 'xlsx') {
    return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
      ? null
      : `"${name}" is not a ${format.toUpperCase()} file: its content is not an Office Open XML package.`;
  }
  if (head.includes(0)) return `"${name}" is not a text file: it contains binary data.`;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return `"${name}" is not UTF-8 text: save it as UTF-8 and upload it again.`;
  }
  return null;
}

/** The limits of this upload: the use case's Document tool when the files go to a use case, else every format up to 100 MB. */
async function limitsOf(deps: Deps, caller: Caller, fields: Record<string, string>): Promise<Limits> {
  const limits: Limits = {
    formats: DOCUMENT_FORMATS,
    maxBytes: MAX_UPLOAD_BYTES,
    useCaseId: null,
    useCaseName: null,
    folderId: null,
    category: null,
  };
  const useCaseId = fields.use_case_id?.trim();
  if (useCaseId) {
    const id = Number(useCaseId);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      throw new AppError('VALIDATION_FAILED', 'use_case_id must be a use case id.');
    const useCase = await getUseCaseFor(deps.db, caller, id);
    const config = documentToolConfigOf(useCase.configurations);
    Object.assign(limits, {
      formats: config.allowedFormats,
      maxBytes: config.maxFileSize * 1024 * 1024,
      useCaseId: id,
      useCaseName: useCase.name,
    });
  }
  const folderId = fields.folder_id?.trim();
  if (folderId) {
    const id = Number(folderId);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      throw new AppError('VALIDATION_FAILED', 'folder_id must be a folder id.');
    const folder = await deps.db
      .selectFrom('document_folders')
      .select('id')
      .where('id', '=', id)
      .where('org_id', '=', caller.orgId)
      .executeTakeFirst();
    if (!folder) throw notFound(`Folder ${id}`);
    limits.folderId = id;
  }
  const category = fields.category?.trim();
  if (category && category !== 'none') {
    const parsed = ZDocumentCategory.safeParse(category);
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', 'category must be strategy, analytics, ai/ml or research.');
    limits.category = parsed.data;
  }
  return limits;
}

/**
 * Receives optional `use_case_id`, `folder_id` and `category` fields, then up to 10 file parts.
 * Each file is streamed to DATA_DIR/documents/<org>/ (never held whole in memory), its name
 * and first bytes checked against the allowed formats, its size against the limit. Nothing is
 * recorded unless every file is accepted; then the documents are queued for text extraction
 * and returned at once with status "processing".
 */
export async function receiveDocuments(
  deps: Deps,
  request: FastifyRequest,
  caller: Caller,
): Promise<TDocument[]> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
  const dir = path.join(documentsDir(deps), String(caller.orgId));
  await fs.promises.mkdir(dir, { recursive: true });
  const received: Received[] = [];
  const fields: Record<string, string> = {};
  let limits: Limits | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: 10,
        fieldSize: 1000,
        parts: MAX_FILES_PER_UPLOAD + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      // The fields sent before the first file decide where the files go and their limits.
      limits ??= await limitsOf(deps, caller, fields);
      const name = path.basename(part.filename || 'document').slice(0, 255);
      const format = formatOf(name);
      if (!format || !limits.formats.includes(format)) {
        part.file.resume();
        const where = limits.useCaseName ? `the use case "${limits.useCaseName}" accepts` : 'upload';
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `"${name}" is not an allowed format: ${where} ${formatList(limits.formats)} files.`,
        );
      }
      const storageKey = `${randomUUID()}.${format}`;
      const item: Received = { name, format, storageKey, path: path.join(dir, storageKey), size: 0 };
      received.push(item);
      const sniff = new SniffAndLimit(limits.maxBytes);
      await pipeline(part.file, sniff, fs.createWriteStream(item.path, { flags: 'wx', mode: 0o600 }));
      if (sniff.tooLarge || part.file.truncated) throw tooLarge(name, limits);
      if (sniff.bytes === 0)
        throw new AppError('BAD_REQUEST', `"${name}" is empty: choose a file with content.`);
      const problem = contentProblem(format, sniff.head, name);
      if (problem) throw new AppError('UNSUPPORTED_MEDIA_TYPE', problem);
      item.size = sniff.bytes;
    }
  } catch (err) {
    await Promise.all(received.map((r) => fs.promises.rm(r.path, { force: true })));
    throw uploadError(err, limits);
  }
  if (received.length === 0)
    throw new AppError('BAD_REQUEST', 'No file was uploaded: add one or more documents.');
  const target = limits!;
  try {
    const ids = await deps.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('documents')
        .values(
          received.map((r) => ({
            org_id: caller.orgId,
            folder_id: target.folderId,
            name: r.name,
            format: r.format,
            mime_type: MIME[r.format],
            size_bytes: r.size,
            category: target.category,
            storage_key: r.storageKey,
            uploaded_by: caller.userId,
            uploaded_at: deps.now(),
          })),
        )
        .returning('id')
        .execute();
      if (target.useCaseId !== null) {
        await trx
          .insertInto('use_case_documents')
          .values(
            rows.map((row) => ({
              use_case_id: target.useCaseId!,
              document_id: row.id,
              org_id: caller.orgId,
              linked_by: caller.userId,
            })),
          )
          .execute();
      }
      return rows.map((row) => row.id);
    });
    deps.documentJobs.enqueue(ids);
    return listDocumentsByIds(deps, caller, ids);
  } catch (err) {
    await Promise.all(received.map((r) => fs.promises.rm(r.path, { force: true })));
    throw err;
  }
}

function tooLarge(name: string, limits: Limits) {
  const mb = Math.round(limits.maxBytes / 1024 / 1024);
  const where = limits.useCaseName ? ` of the use case "${limits.useCaseName}"` : '';
  return new AppError('PAYLOAD_TOO_LARGE', `"${name}" is larger than the ${mb} MB limit${where}.`);
}

function uploadError(err: unknown, limits: Limits | null): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `A file is larger than the ${limits ? Math.round(limits.maxBytes / 1024 / 1024) : DOCUMENT_MAX_MB} MB limit.`,
    );
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('BAD_REQUEST', `Upload at most ${MAX_FILES_PER_UPLOAD} documents at once.`);
  if (
    code === 'FST_FIELDS_LIMIT' ||
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
  )
    return new AppError('BAD_REQUEST', 'The upload is not a valid multipart/form-data body.');
  const message = (err as Error).message ?? '';
  if (/Unexpected end of (form|multipart data)|Part terminated early|aborted|premature close/i.test(message))
    return new AppError(
      'BAD_REQUEST',
      'The upload was cut off before it was complete; nothing was saved. Try again.',
    );
  if (/Malformed part header|Boundary not found|multipart/i.test(message))
    return new AppError('BAD_REQUEST', 'The upload is not a valid multipart/form-data body.');
  const status = (err as { statusCode?: number }).statusCode;
  if (code?.startsWith('FST_') && status && status >= 400 && status < 500)
    return new AppError('BAD_REQUEST', 'The upload is not a valid multipart/form-data body.');
  return err;
}
