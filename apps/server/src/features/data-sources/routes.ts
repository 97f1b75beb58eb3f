import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZConnIdParam,
  ZConnectionInput,
  ZConnectionList,
  ZConnectionSaved,
  ZCsvFileList,
  ZCsvListQuery,
  ZDataSourceStatus,
  ZDeleteConnectionRequest,
  ZFileIdParam,
  ZRateLimits,
  ZSchemaList,
  ZSupportedDbTypes,
  ZUploadCsvResponse,
  type TCsvProgressEvent,
} from './contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as repo from './repo';
import * as service from './service';
import { receiveCsvUpload } from './upload';

const tags = ['Data sources'];
// Reading sources and their listings needs data.read; adding, changing and deleting data.write.
const read = { permission: 'data.read' } as const;
const write = { permission: 'data.write' } as const;

/**
 * Data sources: the calls of spec 3 §7 and spec 2 §7 ("Connections, schemas and tables").
 * Registered in its own scope so the multipart parser serves only the CSV upload.
 */
export async function dataSourceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const ctx = deps.dataSources;
  // Open progress streams would keep the HTTP server from closing: end them first.
  const openStreams = new Set<() => void>();
  app.addHook('onReady', () => ctx.jobs.recover());
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ctx.maxUploadBytes } });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const caller = (request: Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      return { orgId: auth.orgId, userId: auth.userId };
    };

    r.get(
      '/api/copilot/get-rate-limits',
      { config: read, schema: { tags, response: { 200: ZRateLimits, ...errorResponses } } },
      async (request) => ({
        limits: { max_csv_files: ctx.maxCsvFiles, max_upload_bytes: ctx.maxUploadBytes },
        usage: { csv_files: await repo.countLiveCsvFiles(deps.db, caller(request).orgId) },
      }),
    );

    r.get(
      '/api/copilot/db_conn/supported_db_types',
      { config: read, schema: { tags, response: { 200: ZSupportedDbTypes, ...errorResponses } } },
      async () => service.SUPPORTED_DB_TYPES,
    );

    r.get(
      '/api/copilot/db_conn/get_conns',
      { config: read, schema: { tags, response: { 200: ZConnectionList, ...errorResponses } } },
      async (request) => ({
        connections: await service.listConnections(deps, caller(request)),
      }),
    );

    r.post(
      '/api/copilot/db_conn/add_db_conn',
      {
        config: write,
        schema: {
          tags,
          body: ZConnectionInput,
          response: { 200: ZConnectionSaved, 409: errorResponses[400], ...errorResponses },
        },
      },
      async (request) => {
        const connection = await service.addConnection(deps, caller(request), request.body);
        return {
          status: 'Success' as const,
          message: 'Connection added successfully',
          conn_id: connection.conn_id,
          connection,
        };
      },
    );

    r.post(
      '/api/copilot/db_conn/update_db_conn',
      {
        config: write,
        schema: {
          tags,
          body: ZConnectionInput,
          response: { 200: ZConnectionSaved, 409: errorResponses[400], ...errorResponses },
        },
      },
      async (request, reply) => {
        if (request.body.conn_id === undefined)
          throw new AppError('VALIDATION_FAILED', 'conn_id is required to update a data source.');
        const connection = await service.updateConnection(
          deps,
          caller(request),
          request.body.conn_id,
          request.body,
        );
        // The client sends X-No-Auto-Toast to show its own toast; echoing it lets its interceptor skip the automatic one.
        if (request.headers['x-no-auto-toast'] !== undefined) reply.header('x-no-auto-toast', '1');
        return {
          status: 'Success' as const,
          message: 'Connection updated successfully',
          conn_id: connection.conn_id,
          connection,
        };
      },
    );

    r.post(
      '/api/copilot/db_conn/delete_db_conn',
      {
        config: write,
        schema: {
          tags,
          body: ZDeleteConnectionRequest,
          response: { 200: ZDataSourceStatus, ...errorResponses },
        },
      },
      async (request) => {
        await service.deleteConnection(deps, caller(request), request.body.conn_id);
        return { status: 'Success' as const, message: 'Data source has been successfully deleted.' };
      },
    );

    for (const url of [
      '/api/copilot/onboarding/connections/:connId/schemas/',
      '/api/copilot/onboarding/connections/:connId/schemas',
    ]) {
      r.get(
        url,
        {
          config: read,
          schema: {
            tags,
            hide: !url.endsWith('/'),
            params: ZConnIdParam,
            response: { 200: ZSchemaList, 502: errorResponses[500], ...errorResponses },
          },
        },
        async (request) => service.listSchemas(deps, caller(request), request.params.connId),
      );
    }

    r.get(
      '/api/copilot/upload-files/csv',
      {
        config: read,
        schema: { tags, querystring: ZCsvListQuery, response: { 200: ZCsvFileList, ...errorResponses } },
      },
      async (request) => service.listCsvFiles(deps, caller(request), request.query.conn_id),
    );

    r.delete(
      '/api/copilot/upload-files/csv/:fileId',
      {
        config: write,
        schema: { tags, params: ZFileIdParam, response: { 200: ZDataSourceStatus, ...errorResponses } },
      },
      async (request) => {
        await service.deleteCsvFile(deps, caller(request), request.params.fileId);
        return { status: 'Success' as const, message: 'File deleted.' };
      },
    );

    r.post(
      '/api/copilot/upload-files/upload-csv',
      {
        config: write,
        schema: {
          tags,
          description:
            'multipart/form-data: conn_name, optional conn_id, then one or more file parts. Files load in the background; watch csv_progress/stream/{fileId}.',
          response: {
            200: ZUploadCsvResponse,
            409: errorResponses[400],
            413: errorResponses[400],
            415: errorResponses[400],
            ...errorResponses,
          },
        },
      },
      async (request) => receiveCsvUpload(deps, request, caller(request)),
    );

    r.get(
      '/api/copilot/upload-files/csv_progress/stream/:fileId',
      {
        config: read,
        schema: {
          tags,
          params: ZFileIdParam,
          description:
            'Server-sent events; each data line is a CsvProgressEvent; the stream ends after Completed or Failed.',
        },
      },
      async (request, reply) => {
        const { orgId } = caller(request);
        const fileId = request.params.fileId;
        // Subscribe before reading the row, so an event between the two is not lost.
        const events: TCsvProgressEvent[] = [];
        let push: (e: TCsvProgressEvent) => void = (e) => events.push(e);
        const unsubscribe = ctx.hub.subscribe(fileId, (e) => push(e));
        const row = await repo.findCsvFile(deps.db, orgId, fileId);
        const gone = row ? undefined : ctx.hub.endOf(fileId, orgId);
        if (!row && !gone) {
          unsubscribe();
          throw new AppError('NOT_FOUND', 'The file was not found.');
        }
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        let ended = false;
        const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          openStreams.delete(end);
          raw.end();
        };
        openStreams.add(end);
        const send = (e: TCsvProgressEvent) => {
          if (ended) return;
          raw.write(`data: ${JSON.stringify(e)}\n\n`);
          if (e.status !== 'Processing') end();
        };
        request.raw.on('close', end);
        if (!row) send(gone!);
        else if (row.status === 'Completed')
          send({
            file_id: fileId,
            status: 'Completed',
            progress: 100,
            row_count: Number(row.row_count ?? 0),
          });
        else if (row.status === 'Failed')
          send({
            file_id: fileId,
            status: 'Failed',
            progress: 100,
            error: row.error ?? 'the file could not be loaded',
          });
        else send(ctx.hub.current(fileId) ?? { file_id: fileId, status: 'Processing', progress: 0 });
        for (const e of events) send(e);
        push = send;
      },
    );
  });
}
