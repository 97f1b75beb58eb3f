import { z } from 'zod';
import { ZColumnRef } from './plan';

/**
 * The semantic model Catalyst AI reasons over: what a use case's knowledge says about its data.
 * The engine's `SemanticModel` type is this schema's shape (checked by a test).
 */
export const ZModelColumn = z.object({
  table: z.string(),
  name: z.string(),
  label: z.string(),
  definition: z.string(),
  entityType: z.enum(['ATTRIBUTE', 'KPI']),
  kind: z.enum(['number', 'text', 'date', 'boolean']),
  type: z.string(),
  isKey: z.boolean(),
  isTime: z.boolean(),
  /** The date format of a date stored as text (see the engine's DATE_FORMATS). */
  format: z.string().nullable().optional(),
  synonyms: z.array(z.string()),
  distinctCount: z.number().nullable(),
  values: z.array(z.string()),
});

export const ZModelTable = z.object({
  schema: z.string(),
  name: z.string(),
  label: z.string(),
  synonyms: z.array(z.string()),
  rowCount: z.number().nullable(),
  primaryKey: z.array(z.string()),
  columns: z.array(ZModelColumn),
  freshness: z.string().nullable(),
});

export const ZModelMetric = z.object({
  name: z.string(),
  label: z.string(),
  table: z.string(),
  expression: z.string(),
  synonyms: z.array(z.string()),
  definition: z.string(),
});

export const ZSemanticModel = z
  .object({
    tables: z.array(ZModelTable),
    metrics: z.array(ZModelMetric),
    joins: z.array(z.object({ from: z.array(ZColumnRef), to: z.array(ZColumnRef) })),
    dataEnd: z.string().optional(),
  })
  .meta({ id: 'SemanticModel' });
export type TSemanticModel = z.infer<typeof ZSemanticModel>;
