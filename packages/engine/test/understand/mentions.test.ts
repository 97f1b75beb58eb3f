import { describe, expect, it } from 'vitest';
import type { ModelTable, SemanticModel } from '../../src/model/types';
import { findMentions } from '../../src/understand/mentions';
import { tokenize } from '../../src/nlp/text';
import { col } from '../model-columns';

function table(name: string, rowCount: number, columns: ModelTable['columns']): ModelTable {
  return {
    schema: 'main',
    name,
    label: name,
    synonyms: [],
    rowCount,
    primaryKey: [],
    columns,
    freshness: null,
  };
}

const model: SemanticModel = {
  tables: [
    table('clients', 40, [
      { ...col('clients', 'client_name', 'text'), distinctCount: 40, values: ['Alex Rodriguez', 'Mia Chen'] },
      { ...col('clients', 'city', 'text'), distinctCount: 3, values: ['Los Angeles', 'New York', 'Boston'] },
    ]),
    table('offices', 3, [
      { ...col('offices', 'county', 'text'), distinctCount: 3, values: ['San Diego', 'Orange', 'Kern'] },
    ]),
  ],
  metrics: [],
  joins: [],
} as unknown as SemanticModel;

const valuesSaid = (question: string) =>
  findMentions(tokenize(question), model).flatMap((m) =>
    m.kind === 'value' ? m.hits.map((h) => h.value) : [],
  );

describe('capitals read as the initials of a value', () => {
  it('are the initials of a name many rows share, such as a city', () => {
    expect(valuesSaid('How many clients are in LA?')).toContain('Los Angeles');
  });
  it('are the initials of a place even where each row has its own', () => {
    expect(valuesSaid('How many offices are in the county of SD?')).toContain('San Diego');
  });
  it('are never the initials of a name nearly every row has its own of, such as a person', () => {
    expect(valuesSaid('What is the AR for each city?')).not.toContain('Alex Rodriguez');
    expect(valuesSaid('Show the MC of every city')).not.toContain('Mia Chen');
  });
});

describe('a value that is only an article and the name of what a table holds', () => {
  const withAlbums = {
    ...model,
    tables: [
      ...model.tables,
      table('albums', 10, [
        { ...col('albums', 'title', 'text'), distinctCount: 10, values: ['The Clients', 'Blue'] },
      ]),
    ],
  } as SemanticModel;
  const said = (question: string) =>
    findMentions(tokenize(question), withAlbums).flatMap((m) =>
      m.kind === 'value' ? m.hits.map((h) => h.value) : [],
    );
  it('is the table, not a row whose text it happens to be', () => {
    expect(said('How many cities do the clients live in?')).not.toContain('The Clients');
  });
  it('is the value when quoted', () => {
    expect(said('How many albums are titled "The Clients"?')).toContain('The Clients');
  });
});

describe('a command opening the question', () => {
  const priced: SemanticModel = {
    tables: [
      table('products', 10, [
        { ...col('products', 'product_name', 'text'), distinctCount: 10, values: ['Desk', 'Lamp'] },
        { ...col('products', 'list_price', 'number'), distinctCount: 10, values: [] },
      ]),
    ],
    metrics: [],
    joins: [],
  } as unknown as SemanticModel;
  const columnsAt = (question: string, at: number) =>
    findMentions(tokenize(question), priced).filter((m) => m.kind === 'column' && m.start === at);

  it('is no loose mention of a column whose name holds the verb', () => {
    expect(columnsAt('List products with a list price over 50', 0)).toEqual([]);
  });

  it("still starts the column's whole name", () => {
    expect(columnsAt('List price of the desk', 0).map((m) => m.end)).toContain(2);
  });
});

/** The model with one more table. */
const plus = (extra: ModelTable) => ({ ...model, tables: [...model.tables, extra] }) as SemanticModel;

/** The columns a question's mentions name; only those spanning tokens [from, to) where given. */
const columnsNamed = (question: string, m: SemanticModel, span?: [number, number]) =>
  findMentions(tokenize(question), m).flatMap((x) =>
    x.kind === 'column' && (!span || (x.start === span[0] && x.end === span[1]))
      ? x.hits.map((h) => h.ref.column)
      : [],
  );

describe('"type" after a grouping word', () => {
  const withKinds = plus(
    table('visits', 100, [
      { ...col('visits', 'visit_type', 'text'), distinctCount: 3, values: ['walk-in', 'booked'] },
      { ...col('visits', 'minutes', 'number') },
    ]),
  );

  it('"by type" names the columns of kinds', () => {
    expect(columnsNamed('average minutes by type', withKinds)).toContain('visit_type');
    expect(columnsNamed('visits per type', withKinds)).toContain('visit_type');
  });
});

describe('short forms in column names', () => {
  const withRoutes = plus(
    table('routes', 50, [
      { ...col('routes', 'orig_city', 'text'), distinctCount: 4, values: ['Oslo', 'Riga'] },
      { ...col('routes', 'dest_city', 'text'), distinctCount: 5, values: ['Lund', 'Turku'] },
    ]),
  );

  it('"destination city" names dest_city and "origin city" orig_city', () => {
    // The two words after "by".
    expect(columnsNamed('routes by destination city', withRoutes, [2, 4])).toEqual(['dest_city']);
    expect(columnsNamed('routes by origin city', withRoutes, [2, 4])).toEqual(['orig_city']);
  });
});
