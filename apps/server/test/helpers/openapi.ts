import type { FastifyInstance } from 'fastify';

/**
 * The app's operations as its OpenAPI document lists them, and request bodies built from their
 * schemas: the generated hardening suites (isolation, roles) call every route with these, so a
 * route added later is covered without touching them.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
}

export interface Operation {
  method: string;
  /** OpenAPI form: `/api/things/{id}`. */
  path: string;
  body?: JsonSchema;
  /** Query parameters that carry ids (usecase_id, conn_id, …). */
  idQuery?: string[];
}

/** Field names that hold ids of objects. */
export const ID_FIELD = /(^id$|_id$|Id$|_ids$|Ids$)/;

export async function loadOperations(
  app: FastifyInstance,
): Promise<{ operations: Operation[]; components: Record<string, JsonSchema> }> {
  const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
          parameters?: { name: string; in: string }[];
        }
      >
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([m]) => m !== 'parameters')
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema,
        idQuery: (op.parameters ?? [])
          .filter((p) => p.in === 'query' && ID_FIELD.test(p.name))
          .map((p) => p.name),
      })),
  );
  return { operations, components: spec.components?.schemas ?? {} };
}

/** Builds bodies that pass most validation, with `id` in every id field. */
export function bodyBuilder(components: Record<string, JsonSchema>) {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
    schema?.$ref ? components[schema.$ref.split('/').pop()!] : schema;
  const bodyFor = (schema: JsonSchema | undefined, id: number, depth = 0): unknown => {
    const s = resolve(schema);
    if (!s || depth > 4) return undefined;
    const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
    if (variant) return bodyFor(variant, id, depth + 1);
    if (s.enum) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        const inner = resolve(v);
        const innerType = Array.isArray(inner?.type) ? inner?.type.find((x) => x !== 'null') : inner?.type;
        if (ID_FIELD.test(k))
          out[k] = innerType === 'array' ? [id] : innerType === 'string' ? String(id) : id;
        else if (s.required?.includes(k)) out[k] = bodyFor(v, id, depth + 1);
      }
      return out;
    }
    if (type === 'array') return [];
    if (type === 'string') return 'probe text';
    if (type === 'integer' || type === 'number') return id;
    if (type === 'boolean') return true;
    return undefined;
  };
  return { resolve, bodyFor };
}
