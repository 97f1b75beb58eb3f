import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { TUploadCsvResponse } from './contracts';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { safeTableName } from './csv-load';
import { assertCanChangeSource } from '../access';
import * as repo from './repo';
import type { ConnectionRow } from './tables';

interface Received {
  filename: string;
  path: string;
  size: number;
}

const CSV_NAME = /\.(csv|tsv|txt)$/i;
const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'text/tab-separated-values',
]);

function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(n / 1024)} KB`;
}

const tooManyFiles = (max: number, count: number) =>
  new AppError(
    'CONFLICT',
    `Cannot upload files. You have reached the maximum limit of ${max} CSV files. Current count: ${count}`,
  );

/**
 * Receives `conn_name`, optional `conn_id` and file parts. Each file is streamed straight to
 * DATA_DIR/uploads (never held in memory); nothing is recorded until the whole body has
 * arrived, and a refused or broken upload deletes what it wrote. Then one `csv_files` row per
 * file is queued for loading and the answer returns at once.
 */
export async function receiveCsvUpload(
  deps: Deps,
  request: FastifyRequest,
  caller: { orgId: number; userId: number },
): Promise<TUploadCsvResponse> {
  const ctx = deps.dataSources;
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
  await fs.promises.mkdir(ctx.uploadDir, { recursive: true });
  const existing = await repo.countLiveCsvFiles(deps.db, caller.orgId);
  const received: Received[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: ctx.maxUploadBytes,
        files: ctx.maxCsvFiles + 1,
        fields: 20,
        fieldSize: 4096,
        parts: ctx.maxCsvFiles + 21,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const filename = path.basename(part.filename || 'file.csv').slice(0, 255);
      if (!CSV_NAME.test(filename) && !CSV_TYPES.has(part.mimetype)) {
        part.file.resume();
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `"${filename}" is not a CSV file: choose files ending in .csv.`,
        );
      }
      if (existing + received.length + 1 > ctx.maxCsvFiles) {
        part.file.resume();
        throw tooManyFiles(ctx.maxCsvFiles, existing);
      }
      const target = path.join(ctx.uploadDir, `${randomUUID()}.csv`);
      const item: Received = { filename, path: target, size: 0 };
      received.push(item);
      await pipeline(part.file, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      item.size = (await fs.promises.stat(target)).size;
    }
  } catch (err) {
    await Promise.all(received.map((r) => fs.promises.rm(r.path, { force: true })));
    throw uploadError(err, ctx.maxUploadBytes, ctx.maxCsvFiles, existing);
  }
  try {
    if (received.length === 0)
      throw new AppError('BAD_REQUEST', 'No file was uploaded: add one or more CSV files.');
    const target = await targetConnection(deps, caller, fields);
    // The new source and its file rows are written together: a failure leaves neither behind.
    const { conn, rows } = await deps.db.transaction().execute(async (trx) => {
      const conn =
        'id' in target
          ? target
          : await repo.insertConnection(trx, caller.orgId, caller.userId, {
              ...repo.fileSourceValues(target.create),
              first_load_pending: true,
            });
      const taken = await repo.liveTableNames(trx, conn.id);
      const rows = await repo.insertCsvFiles(
        trx,
        caller.orgId,
        conn.id,
        caller.userId,
        received.map((r) => {
          const table = safeTableName(r.filename, taken);
          taken.add(table);
          return { file_name: r.filename, table_name: table, size_bytes: r.size, upload_path: r.path };
        }),
      );
      return { conn, rows };
    });
    ctx.jobs.enqueue(rows.map((r) => r.id));
    return {
      status: 'Success',
      conn_id: conn.id,
      files: rows.map((r) => ({ filename: r.file_name, file_id: r.id })),
    };
  } catch (err) {
    await Promise.all(received.map((r) => fs.promises.rm(r.path, { force: true })));
    if ((err as { code?: string }).code === '23505')
      throw !fields.conn_id?.trim()
        ? nameTaken(fields.conn_name?.trim() ?? '')
        : new AppError(
            'CONFLICT',
            'Another upload to this data source is being saved at the same moment; try again.',
          );
    throw err;
  }
}

/** The answer to a new File Source whose name is already used (names are unique per organisation, any case). */
const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A data source named "${name}" already exists. Choose another name.`);

function uploadError(err: unknown, maxBytes: number, maxFiles: number, existing: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `A file is larger than the ${formatBytes(maxBytes)} limit for one CSV file.`,
    );
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooManyFiles(maxFiles, existing);
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
  // The multipart plugin's own errors carry their 4xx status.
  const status = (err as { statusCode?: number }).statusCode;
  if (code?.startsWith('FST_') && status && status >= 400 && status < 500)
    return new AppError('BAD_REQUEST', 'The upload is not a valid multipart/form-data body.');
  return err;
}

/** The File Source the files go to: `conn_id`, else a new one named `conn_name`. */
async function targetConnection(
  deps: Deps,
  caller: { orgId: number; userId: number },
  fields: Record<string, string>,
): Promise<ConnectionRow | { create: string }> {
  const rawId = fields.conn_id?.trim();
  if (rawId) {
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      throw new AppError('VALIDATION_FAILED', 'conn_id must be a connection id.');
    const row = await repo.findConnection(deps.db, caller.orgId, id);
    if (!row) throw notFound('The data source');
    if (row.db_type !== 'flat_files')
      throw new AppError(
        'BAD_REQUEST',
        `"${row.name}" is not a CSV data source; CSV files can only be added to a File Source.`,
      );
    await assertCanChangeSource(deps, { orgId: caller.orgId, connId: row.id, userId: caller.userId });
    return row;
  }
  const name = fields.conn_name?.trim();
  if (!name)
    throw new AppError(
      'VALIDATION_FAILED',
      'conn_name is required: name the data source the files belong to.',
    );
  if (name.length > 100)
    throw new AppError('VALIDATION_FAILED', 'Name is too long (100 characters at most).');
  // Files are added to an existing source by its conn_id (the edit dialog); a name that is
  // taken is refused, so two "new" sources can never silently merge into one.
  if (await repo.findConnectionByName(deps.db, caller.orgId, name)) throw nameTaken(name);
  return { create: name };
}
