import { kindOf, splitIdentifier, titleCase, type Warehouse } from '@catalyst/engine';
import { detectTextDates } from './value-types';

interface ColumnProfile {
  type: string;
  distinct_count: number | null;
  null_count: number | null;
  row_count: number | null;
  min: string | null;
  max: string | null;
  sample_values: string[];
}

export interface ColumnProposal {
  db_column_name: string;
  business_name: string;
  business_definition: string;
  entity_type: 'ATTRIBUTE' | 'KPI';
  profile: ColumnProfile;
  /** Dates kept as text: read as dates with this format. */
  value_type: 'date' | null;
  value_format: string | null;
  value_type_origin: 'detected' | null;
}

const quoteFor = (dialect: Warehouse['dialect']) =>
  dialect === 'mysql' || dialect === 'bigquery'
    ? (id: string) => `\`${id.replace(/`/g, '``')}\``
    : (id: string) => `"${id.replace(/"/g, '""')}"`;

// The last word of a numeric column's name that marks it as an identifier or code, not a measure.
const IDENTIFIER_WORDS = new Set([
  'id',
  'code',
  'key',
  'zip',
  'postcode',
  'postal',
  'phone',
  'fax',
  'year',
  'month',
  'week',
  'day',
  'quarter',
  'number',
  'no',
  'sku',
  'ean',
  'isbn',
  'rank',
  'flag',
]);
const MEASURE_HINTS = new Set([
  'amount',
  'revenue',
  'sales',
  'price',
  'cost',
  'profit',
  'quantity',
  'total',
  'count',
  'discount',
  'margin',
  'value',
  'rate',
  'score',
  'balance',
  'fee',
  'tax',
  'spend',
  'budget',
  'salary',
  'income',
  'units',
  'weight',
  'duration',
  'age',
  'percent',
]);

/** KPI for numeric measures; ATTRIBUTE for ids, codes, categories, flags and dates. */
function proposeEntityType(
  columnName: string,
  type: string,
  profile: Pick<ColumnProfile, 'distinct_count' | 'row_count'>,
): 'ATTRIBUTE' | 'KPI' {
  if (kindOf(type) !== 'number') return 'ATTRIBUTE';
  const words = splitIdentifier(columnName);
  const last = words[words.length - 1] ?? '';
  if (IDENTIFIER_WORDS.has(last) || words.includes('id')) return 'ATTRIBUTE';
  if (words.some((w) => MEASURE_HINTS.has(w))) return 'KPI';
  // A number with a handful of values (0/1 flags, ratings 1–5) behaves like a category.
  if (profile.distinct_count !== null && profile.distinct_count <= 2) return 'ATTRIBUTE';
  return 'KPI';
}

function describe(
  businessName: string,
  tableLabel: string,
  entityType: 'ATTRIBUTE' | 'KPI',
  profile: ColumnProfile,
  textDates = false,
): string {
  const kind = textDates ? 'date' : kindOf(profile.type);
  if (entityType === 'KPI') {
    const range =
      profile.min !== null && profile.max !== null ? `, from ${profile.min} to ${profile.max}` : '';
    return `${businessName} of each ${tableLabel.toLowerCase()} record, a measure to sum or average${range}.`;
  }
  if (kind === 'date') {
    const range =
      profile.min && profile.max ? ` (${profile.min.slice(0, 10)} to ${profile.max.slice(0, 10)})` : '';
    const written = textDates && profile.sample_values[0] ? `, written like ${profile.sample_values[0]}` : '';
    return `When the ${tableLabel.toLowerCase()} record happened${range}${written}; use it for trends and periods.`;
  }
  const words = splitIdentifier(businessName);
  if (words.includes('id') || words.includes('key') || words.includes('code'))
    return `Identifier of the ${businessName.replace(/\s*(Id|Key|Code)$/i, '').toLowerCase() || tableLabel.toLowerCase()}.`;
  const examples = profile.sample_values.slice(0, 3).join(', ');
  const count =
    profile.distinct_count !== null
      ? `${profile.distinct_count} distinct value${profile.distinct_count === 1 ? '' : 's'}`
      : 'values';
  return `${businessName} of the ${tableLabel.toLowerCase()} record (${count}${examples ? `, e.g. ${examples}` : ''}).`;
}

const asText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return String(v).slice(0, 200);
};

/**
 * Profiles every column of a table in one pass (distinct and null counts, min/max of numbers and
 * dates) plus a few frequent values per column, and proposes its business metadata.
 */
export async function profileTable(
  warehouse: Warehouse,
  schema: string,
  table: string,
): Promise<{ rowCount: number; columns: ColumnProposal[] }> {
  const q = quoteFor(warehouse.dialect);
  const columns = await warehouse.describeColumns(schema, table);
  const ordered = columns.map((c) => ({ ...c, kind: kindOf(c.type) }));
  const parts = ['count(*)'];
  for (const c of ordered) {
    parts.push(`count(distinct ${q(c.name)})`, `count(*) - count(${q(c.name)})`);
    const comparable = c.kind === 'number' || c.kind === 'date';
    parts.push(comparable ? `min(${q(c.name)})` : 'null', comparable ? `max(${q(c.name)})` : 'null');
  }
  const from = `${q(schema)}.${q(table)}`;
  const result = await warehouse.query(`select ${parts.join(', ')} from ${from}`, {
    maxRows: 1,
    timeoutMs: 60_000,
  });
  const row = result.rows[0] ?? [];
  const rowCount = Number(row[0] ?? 0);
  const tableLabel = titleCase(splitIdentifier(table));
  const proposals: ColumnProposal[] = [];
  for (const [i, c] of ordered.entries()) {
    const base = 1 + i * 4;
    // Text columns: enough frequent values to recognise dates kept as text.
    const samples = (
      await warehouse.sampleValues(schema, table, c.name, c.kind === 'text' ? 20 : 5).catch(() => [])
    )
      .map(asText)
      .filter((s): s is string => s !== null);
    const profile: ColumnProfile = {
      type: c.type,
      distinct_count: Number(row[base] ?? 0),
      null_count: Number(row[base + 1] ?? 0),
      row_count: rowCount,
      min: asText(row[base + 2]),
      max: asText(row[base + 3]),
      sample_values: samples.slice(0, 5),
    };
    const dates = await detectTextDates(warehouse, schema, table, c, samples);
    if (dates) Object.assign(profile, { min: dates.check.min, max: dates.check.max });
    const businessName = titleCase(splitIdentifier(c.name));
    const entityType = dates ? 'ATTRIBUTE' : proposeEntityType(c.name, c.type, profile);
    proposals.push({
      db_column_name: c.name,
      business_name: businessName,
      business_definition: describe(businessName, tableLabel, entityType, profile, dates !== null),
      entity_type: entityType,
      profile,
      value_type: dates ? 'date' : null,
      value_format: dates?.format ?? null,
      value_type_origin: dates ? 'detected' : null,
    });
  }
  return { rowCount, columns: proposals };
}
