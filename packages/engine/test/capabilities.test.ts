import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataDir } from '../src/eval/load';
import { answerOnce } from '../src/answer/answer';
import { metricShortNames } from '../src/understand/extras';
import { askData, expectSameRows, NOW, withCsvData, type Demo } from './setup';

// A bakery chain written as a user would upload it: a sales fact with its shops, to check that
// shapes a plan cannot express are declined with what is missing (not answered as another
// question), that prices are averaged, never summed, and that metrics answer to short names.
const FILES: Record<string, string> = {
  'members.csv':
    'member_id,member_name,tier,signup_date\n1,Ann,Gold,2025-02-01\n2,Ben,Gold,2025-06-11\n3,Cat,Silver,2025-07-04\n4,Dan,Gold,2026-01-09\n',
  'shops.csv': 'shop_id,shop_name,town\n1,Corner,Leeds\n2,Market,Leeds\n3,Harbour,York\n4,Bridge,York\n',
  'sales.csv':
    'sale_id,shop_id,sale_date,loaves,unit_price,takings,quantity\n' +
    [
      [1, 1, '2026-11-01', 11, 2.5, 25],
      [2, 1, '2026-11-01', 4, 3.0, 12],
      [3, 2, '2026-11-02', 8, 2.0, 16],
      [4, 3, '2026-11-02', 6, 4.0, 24],
      [5, 4, '2026-11-03', 2, 5.0, 10],
      [6, 3, '2026-11-03', 9, 2.0, 18],
      [7, 2, '2026-11-04', 5, 3.0, 15],
      [8, 1, '2026-11-03', 1, 3.0, 3],
    ]
      .map((r) => [...r, r[3]].join(','))
      .join('\n') +
    '\n',
};
const SCHEMA = {
  tables: [
    { name: 'shops', columns: [], primary_key: ['shop_id'] },
    { name: 'members', columns: [], primary_key: ['member_id'] },
    {
      name: 'sales',
      columns: [],
      primary_key: ['sale_id'],
      foreign_keys: [{ column: 'shop_id', ref_table: 'shops', ref_column: 'shop_id' }],
    },
  ],
};

let db: Demo;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-bakery-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(SCHEMA));
  const { warehouse, model } = await loadDataDir(dir);
  model.metrics.push({
    name: 'bread_yield_per_sale',
    label: 'Bread Yield Per Sale',
    table: 'sales',
    expression: 'SUM("loaves") / NULLIF(COUNT(DISTINCT "sale_id"), 0)',
    synonyms: [],
    definition: 'Loaves per sale.',
  });
  db = { warehouse, model, dir };
});
afterAll(async () => {
  await db.warehouse.close();
});

const ask = (question: string) =>
  answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.5 });

describe('shapes a plan cannot express yet', () => {
  it.each([
    ['Show the running total of takings this month', 'running totals'],
    ['rolling total of loaves per day', 'running totals'],
    ['What are the percentiles of takings?', 'percentiles'],
    ['show quartiles of unit prices', 'percentiles'],
    ['which town grew the most this month vs last month', 'growth between periods'],
    ['top shops per town', 'top or bottom N within each group'],
  ])('%s: declined, naming what is missing', async (question, what) => {
    const a = await ask(question);
    expect(a.status, a.reading).toBe('declined');
    expect(a.message).toContain(`cannot compute ${what}`);
  });

  it('the difference of two values is declined, with each value beside the other, never their sum', async () => {
    const a = await ask('takings of Leeds minus takings of York');
    expect(a.status, a.reading).toBe('declined');
    expect(a.message).toContain('cannot compute the difference between two values');
    expect(a.plan?.dimensions.map((d) => d.column.column)).toEqual(['town']);
    expect(a.plan?.filters.find((f) => f.column.column === 'town')?.values.sort()).toEqual(['Leeds', 'York']);
    const b = await ask('the difference between Leeds and York in takings');
    expect(b.status, b.reading).toBe('declined');
  });

  it('a ranking of the groups themselves is no ranking within groups', async () => {
    const a = await ask('For each town, show takings; which are the top 2 towns by takings?');
    expect(a.message).not.toContain('within each group');
  });

  it.each([
    // Over the shipments' rows: cost per shipment.
    'Which carrier has the highest average cost per shipment?',
    // Beside a column of parcels: cost per parcel.
    'Which region has the lowest spending per parcel?',
  ])('%s: a ratio to the rows or to an amount, no ranking within groups', (question) =>
    withCsvData(
      {
        'shipments.csv': [
          'shipment_id,carrier,region,parcels,cost',
          '1,Swift,North,3,30',
          '2,Swift,South,1,12',
          '3,Coastal,North,4,20',
          '4,Coastal,South,2,18',
        ].join('\n'),
      },
      async (data) => {
        const a = await askData(data, question);
        expect(a.message).not.toContain('within each group');
      },
    ),
  );

  it.each([
    ['Show the running total of takings by day', 'cumulative'],
    ['top 2 shops per town by takings', 'perGroupLimit'],
    ['bottom 2 shops by loaves within each town', 'perGroupLimit'],
  ] as const)('%s: now read (test/shapes)', async (question, field) => {
    const a = await ask(question);
    expect(a.status, a.message).toBe('answered');
    expect(a.plan?.[field]).toBeTruthy();
  });

  it('the average of daily totals is each day’s total over the days with sales', async () => {
    await expectSameRows(
      db,
      await ask('What are our average takings per day?'),
      'SELECT AVG(t) FROM (SELECT sale_date, SUM(takings) AS t FROM sales GROUP BY sale_date)',
    );
  });

  it('an average price per day is a plain average, answered', async () => {
    const a = await ask('average unit price per day');
    expect(a.message).not.toContain('cannot compute');
  });
});

describe('measures that do not add up', () => {
  it('a price named beside a grouping is averaged, not summed', async () => {
    await expectSameRows(
      db,
      await ask('unit price by town'),
      'SELECT town, AVG(unit_price) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    );
  });
  it('an amount named beside a grouping is summed', async () => {
    await expectSameRows(
      db,
      await ask('takings by town'),
      'SELECT town, SUM(takings) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    );
  });
});

describe('short names of metrics', () => {
  it('initials of a long name and a word nothing else is called', () => {
    const metric = db.model.metrics.find((m) => m.name === 'bread_yield_per_sale')!;
    expect(metricShortNames(metric, db.model).sort()).toEqual(['bread', 'byps', 'yield']);
  });
  it('a metric asked by a short name is computed by its expression', async () => {
    await expectSameRows(
      db,
      await ask('yield by town'),
      'SELECT town, SUM(loaves) / COUNT(DISTINCT sale_id) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    );
  });
});

describe('a sentence listing what to show', () => {
  it('answers when every listed column is shown, restated words included', async () => {
    const a = await ask('What are the top 2 shops by total takings? Return the shop name and total takings.');
    expect(a.status, a.evidence.doubts.join('; ')).toBe('answered');
  });
  it('declines when a listed column is left out', async () => {
    const a = await ask(
      'What are the top 2 shops by total takings? Return the shop name, opening hours and takings.',
    );
    expect(a.status, a.reading).toBe('declined');
  });
});

describe('ranked things named by the key the fact refers to them with', () => {
  it('are shown by their name', async () => {
    await expectSameRows(
      db,
      await ask('top 2 shops by takings'),
      'SELECT shop_name, SUM(takings) FROM sales JOIN shops USING (shop_id) GROUP BY shop_name ORDER BY 2 DESC LIMIT 2',
      [],
      true,
    );
  });
});

describe('a noun made from a date column', () => {
  it('is not answered as a list of dates', async () => {
    const a = await ask('gold signups 2025');
    expect(a.status === 'answered' && a.plan?.intent === 'list', a.reading).toBe(false);
  });
  it('a list of dates asked for is answered', async () => {
    const a = await ask('signup dates of gold members');
    expect(a.status, a.evidence.doubts.join('; ')).toBe('answered');
  });
});

describe('ranked periods', () => {
  it.each([
    ['Which day had the lowest takings?', 'ASC'],
    ['our best day for loaves', 'DESC'],
    ['busiest day by number of sales', 'DESC'],
  ])('%s: the periods ranked by their total', async (question, dir) => {
    const measure = /loaves/.test(question)
      ? 'SUM(loaves)'
      : /number/.test(question)
        ? 'COUNT(*)'
        : 'SUM(takings)';
    await expectSameRows(
      db,
      await ask(question),
      `SELECT sale_date, ${measure} FROM sales GROUP BY 1 ORDER BY 2 ${dir} LIMIT 1`,
    );
  });
  it('the day of the week is no day', async () => {
    const a = await ask('Which day of the week has the most sales?');
    expect(a.status === 'answered' && a.plan?.dimensions.some((d) => d.grain === 'day')).toBe(false);
  });
});

describe('share of total', () => {
  it.each(['takings by town as a percentage', 'takings by town, in percent', 'share of takings by town'])(
    '%s',
    async (question) => {
      await expectSameRows(
        db,
        await ask(question),
        'SELECT town, SUM(takings) / SUM(SUM(takings)) OVER () FROM sales JOIN shops USING (shop_id) GROUP BY town',
      );
    },
  );
});

describe('a word that modifies a column name', () => {
  it('"units" are a quantity, not the unit price', async () => {
    await expectSameRows(
      db,
      await ask('units by town'),
      'SELECT town, SUM(quantity) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    );
  });
});

describe('medians', () => {
  it.each([
    ['What is the median unit price?', 'SELECT median(unit_price) FROM sales'],
    [
      'median takings by town',
      'SELECT town, median(takings) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    ],
  ])('%s', async (question, sql) => {
    await expectSameRows(db, await ask(question), sql);
  });
});

describe('a count said before what is ranked', () => {
  it('which two towns: the top two, not the top one', async () => {
    await expectSameRows(
      db,
      await ask('Which two towns had the highest takings?'),
      'SELECT town, SUM(takings) FROM sales JOIN shops USING (shop_id) GROUP BY town ORDER BY 2 DESC LIMIT 2',
      [],
      true,
    );
  });
});

describe('percentiles', () => {
  it.each([
    ['90th percentile of takings', 'SELECT quantile_cont(takings, 0.9) FROM sales'],
    [
      'p25 unit price by town',
      'SELECT town, quantile_cont(unit_price, 0.25) FROM sales JOIN shops USING (shop_id) GROUP BY town',
    ],
    [
      'the upper quartile of loaves at Harbour',
      "SELECT quantile_cont(loaves, 0.75) FROM sales JOIN shops USING (shop_id) WHERE shop_name = 'Harbour'",
    ],
  ])('%s', async (question, sql) => {
    await expectSameRows(db, await ask(question), sql);
  });
});
