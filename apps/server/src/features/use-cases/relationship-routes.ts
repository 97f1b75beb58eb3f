import {
  ZAddRelationship,
  ZDateFormat,
  ZDiscoverRelationships,
  ZRelationship,
  ZRelationshipIdParams,
  ZRelationshipList,
} from '@catalyst/contracts';
import { DATE_FORMATS } from '@catalyst/engine';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as relationships from './relationships';

/** The Knowledge tab's relationships between tables, and the date formats a column can be read with. */
export async function relationshipRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sv = '/api/copilot/schema_validation';
  const tags = ['Use case knowledge'];
  const read = { permission: 'data.read' } as const;
  const write = { permission: 'data.write' } as const;

  r.get(
    `${sv}/relationships`,
    {
      config: read,
      schema: {
        tags,
        summary: "The relationships between a use case's tables, with their origin",
        querystring: ZDiscoverRelationships,
        response: { 200: ZRelationshipList, ...errorResponses },
      },
    },
    async (request) => relationships.listRelationships(deps, callerOf(request), request.query.usecase_id),
  );
  r.post(
    `${sv}/relationships/discover`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Look for relationships among the selected tables again (declared keys, names and values)',
        body: ZDiscoverRelationships,
        response: { 200: ZRelationshipList, ...errorResponses },
      },
    },
    async (request) => relationships.discoverRelationships(deps, callerOf(request), request.body.usecase_id),
  );
  r.post(
    `${sv}/relationships`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a relationship (or restore a removed one)',
        body: ZAddRelationship,
        response: { 200: ZRelationship, ...errorResponses },
      },
    },
    async (request) => relationships.addRelationship(deps, callerOf(request), request.body),
  );
  r.delete(
    `${sv}/relationships/:id`,
    {
      config: write,
      schema: {
        tags,
        summary:
          'Remove a relationship; a declared or inferred one stays removed when tables are profiled again',
        params: ZRelationshipIdParams,
        response: { 200: z.object({ status: z.literal('Success') }), ...errorResponses },
      },
    },
    async (request) => relationships.removeRelationship(deps, callerOf(request), request.params.id),
  );
  r.get(
    `${sv}/date_formats`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The date formats a column kept as text can be read with',
        response: { 200: z.array(ZDateFormat), ...errorResponses },
      },
    },
    async () => DATE_FORMATS.map((f) => ({ id: f.id, example: f.example })),
  );
}
