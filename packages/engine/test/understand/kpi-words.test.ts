import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';
import { kpiWording } from '../../src/understand/kpi-words';

// Ratios named by business words (understand/kpi-words.ts) over an ad platform's export.

let db: Demo;
beforeAll(async () => {
  const rows = [
    'ad_id,network,launch_date,impressions,clicks,conversions,spend',
    'A1,video,2026-03-01,10000,200,10,150.0',
    'A2,video,2026-04-01,30000,300,12,210.0',
    'A3,banner,2026-05-01,50000,250,5,90.0',
    'A4,banner,2025-06-01,20000,100,2,40.0',
  ];
  db = await openCsvData({ 'ads.csv': rows.join('\n') + '\n' });
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('ratios named by their business words', () => {
  it.each([
    ['click-through rate by network', 'sum(clicks) / sum(impressions)', 'Click-through rate'],
    ['CTR by network', 'sum(clicks) / sum(impressions)', 'Click-through rate'],
    ['conversion rate by network', 'sum(conversions) / sum(clicks)', 'Conversion rate'],
    ['cost per click by network', 'sum(spend) / sum(clicks)', 'Cost per click'],
    ['CPA by network', 'sum(spend) / sum(conversions)', 'Cost per conversion'],
  ])('"%s" is %s', async (question, ratio, label) => {
    const a = await askData(db, question, 0.8);
    expect(a.status).toBe('answered');
    expect(a.plan?.measures.map((m) => m.label)).toEqual([label]);
    await expectSameRows(db, a, `SELECT network, ${ratio} FROM ads GROUP BY network`);
  });

  it('keeps the question as it is where the data has no such columns', () => {
    const model = {
      ...db.model,
      tables: db.model.tables.map((t) => ({
        ...t,
        columns: t.columns.filter((c) => c.name !== 'impressions'),
      })),
    };
    expect(kpiWording('click-through rate by network', model)).toBeNull();
  });

  it('reads a column already called so as that column', () => {
    const model = {
      ...db.model,
      tables: db.model.tables.map((t) => ({
        ...t,
        columns: [...t.columns, { ...t.columns.find((c) => c.name === 'spend')!, name: 'ctr', label: 'Ctr' }],
      })),
    };
    expect(kpiWording('average ctr by network', model)).toBeNull();
  });
});
