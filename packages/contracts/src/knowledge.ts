import { z } from 'zod';
import { zText } from './text';

/**
 * Knowledge of a use case beyond its tables and columns: the relationships between its tables
 * (how the engine joins them) and the kind and date format its columns are read as.
 */
const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is not a known id');
const identifier = (label: string) =>
  zText(`${label} is required (text)`)
    .trim()
    .min(1, `Please choose ${label.toLowerCase()}`)
    .max(300, `${label} is too long (300 characters at most)`);

/** declared: a foreign key of the source; inferred: names and values matched at profiling; user: added by a person. */
export const ZRelationshipOrigin = z.enum(['declared', 'inferred', 'user']);
export type TRelationshipOrigin = z.infer<typeof ZRelationshipOrigin>;

export const ZRelationship = z
  .object({
    id: z.number(),
    /** The referencing side ("many"): each of its rows points at one row of `to_table`. */
    from_table: z.string(),
    from_columns: z.array(z.string()),
    /** The referenced side ("one"): `to_columns` are a key of `to_table`. */
    to_table: z.string(),
    to_columns: z.array(z.string()),
    origin: ZRelationshipOrigin,
    /** Removed by a user: kept so that profiling again does not bring it back. */
    is_removed: z.boolean(),
    /** Both tables are selected in the use case, so Catalyst AI joins along it. */
    active: z.boolean(),
    updated_on: z.string(),
  })
  .meta({ id: 'Relationship' });
export type TRelationship = z.infer<typeof ZRelationship>;

export const ZRelationshipList = z
  .object({ relationships: z.array(ZRelationship), checked_at: z.string().nullable() })
  .meta({ id: 'RelationshipList' });
export type TRelationshipList = z.infer<typeof ZRelationshipList>;

export const ZAddRelationship = z
  .object({
    usecase_id: id,
    from_table: identifier('The table that refers'),
    from_column: identifier('Its column'),
    to_table: identifier('The table referred to'),
    to_column: identifier('Its key column'),
  })
  .meta({ id: 'AddRelationship' });
export type TAddRelationship = z.infer<typeof ZAddRelationship>;

export const ZRelationshipIdParams = z.object({ id });
export const ZDiscoverRelationships = z.object({ usecase_id: id });

/** The kinds a column can be read as. */
export const ZValueType = z.enum(['number', 'text', 'date', 'boolean'], {
  error: 'value_type must be number, text, date or boolean',
});
export type TValueType = z.infer<typeof ZValueType>;
/** source: as the database stores it; detected: profiling recognised dates kept as text; user: set by a person. */
export const ZValueTypeOrigin = z.enum(['source', 'detected', 'user']);

export const ZDateFormat = z.object({ id: z.string(), example: z.string() }).meta({ id: 'DateFormat' });
export type TDateFormat = z.infer<typeof ZDateFormat>;
