import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataDir } from '../../src/eval/load';
import { answerOnce } from '../../src/answer/answer';
import { ask, askData, expectSameRows, NOW, openCsvData, openDemo, type Demo, withCsvData } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

const PER_CUSTOMER_BY_SEGMENT = `SELECT c.customer_segment, SUM(o.revenue) / COUNT(DISTINCT o.customer_id)
  FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY 1`;

describe('a figure per member within groups', () => {
  it.each([
    ['Revenue per customer by segment', PER_CUSTOMER_BY_SEGMENT],
    [
      'How much revenue does each customer bring in on average, by customer segment?',
      PER_CUSTOMER_BY_SEGMENT,
    ],
  ])('"%s" is the groups\' total over their distinct members', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
  it('stays a breakdown by member when no other group is named', async () => {
    const answer = await ask(demo, 'Revenue per customer');
    expect(answer.rows.length).toBeGreaterThan(10);
    expect(answer.sql).not.toContain('NULLIF');
  });
});

describe('a total per another measure or per thing', () => {
  it.each([
    [
      'profit per unit by category',
      'SELECT p.category, SUM(o.profit) / SUM(o.quantity) FROM orders o JOIN products p ON p.product_id = o.product_id GROUP BY 1',
    ],
    [
      'profit/unit by category',
      'SELECT p.category, SUM(o.profit) / SUM(o.quantity) FROM orders o JOIN products p ON p.product_id = o.product_id GROUP BY 1',
    ],
    ['revenue per unit', 'SELECT SUM(revenue) / SUM(quantity) FROM orders'],
    [
      'units per order by region',
      'SELECT s.region, SUM(o.quantity) / COUNT(DISTINCT o.order_id) FROM orders o JOIN stores s ON s.store_id = o.store_id GROUP BY 1',
    ],
  ])('"%s" is a ratio of the two', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
  it('"revenue per order by channel": orders grouped by what they hold, each order counted once', async () => {
    const answer = await ask(demo, 'revenue per order by channel');
    await expectSameRows(
      demo,
      answer,
      'SELECT channel, SUM(revenue) / COUNT(DISTINCT order_id) FROM orders GROUP BY 1',
    );
  });
  it('"how many orders per customer" stays each customer\'s own count', async () => {
    const answer = await ask(demo, 'how many orders per customer');
    expect(answer.sql).not.toContain('NULLIF');
  });
});

describe('a share of rows meeting a condition, within groups', () => {
  const RATE = `SELECT p.category, COUNT(DISTINCT CASE WHEN o.returned THEN o.order_id END) * 1.0 / COUNT(DISTINCT o.order_id)
    FROM orders o JOIN products p ON p.product_id = o.product_id GROUP BY 1`;
  const SPREAD = `SELECT p.category, COUNT(DISTINCT o.order_id) * 1.0 / SUM(COUNT(DISTINCT o.order_id)) OVER ()
    FROM orders o JOIN products p ON p.product_id = o.product_id WHERE o.returned GROUP BY 1`;
  it.each([
    ['what share of orders were returned, by category', RATE],
    ['what % of orders got returned in each category', RATE],
    ['% of orders returned per category', RATE],
    ['what % of returned orders came from each category', SPREAD],
  ])('"%s"', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
});

describe('a verb after an amount of things', () => {
  it('"units sold" says nothing more than the units', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalyst-stalls-'));
    writeFileSync(
      join(dir, 'stalls.csv'),
      'stall,fruit,units,takings\nA,apple,10,20\nB,pear,5,15\nC,apple,7,14\n',
    );
    const db = { ...(await loadDataDir(dir)), dir };
    try {
      const answer = await answerOnce({
        question: 'What is the total number of units sold for each fruit?',
        model: db.model,
        warehouse: db.warehouse,
        now: NOW,
        threshold: 0.8,
      });
      expect(answer.status, answer.message).toBe('answered');
      await expectSameRows(db, answer, 'SELECT fruit, SUM(units) FROM stalls GROUP BY 1');
    } finally {
      await db.warehouse.close();
    }
  });
});

describe('an average per row of the table itself', () => {
  it('"the average spend per campaign" is one figure over the campaigns, not each campaign\'s own spend', async () => {
    await withCsvData(
      {
        'campaigns.csv':
          [
            'campaign_id,campaign_name,region,spend',
            'C1,Spring Email,Europe,100',
            'C2,Spring Search,Europe,300',
            'C3,Summer Social,APAC,50',
            'C4,Autumn Display,Europe,200',
          ].join('\n') + '\n',
      },
      async (data) => {
        const a = await askData(data, 'Average spend per campaign in Europe');
        expect(a.plan?.dimensions).toEqual([]);
        await expectSameRows(data, a, 'SELECT 200.0');
      },
    );
  });
});

describe('an amount per unit of another, and per row of a table without a key', () => {
  // Parcels with a text id and no declared key; each row is one parcel.
  const PARCELS = [
    'parcel_ref,carrier,weight_kg,cost',
    'P-1,Swift,2,10',
    'P-2,Swift,8,20',
    'P-3,Cargo,5,30',
    'P-4,Cargo,1,6',
    'P-5,Cargo,4,12',
  ].join('\n');
  let parcels: Demo;
  beforeAll(async () => {
    parcels = await openCsvData({ 'parcels.csv': `${PARCELS}\n` });
  });
  afterAll(async () => parcels.warehouse.close());

  it.each([
    ['What is the average cost per kg?', 'SELECT SUM(cost) / SUM(weight_kg) FROM parcels'],
    ['cost per kg by carrier', 'SELECT carrier, SUM(cost) / SUM(weight_kg) FROM parcels GROUP BY 1'],
    ['cost per parcel by carrier', 'SELECT carrier, AVG(cost) FROM parcels GROUP BY 1'],
  ])('"%s" is a ratio, not a breakdown by every weight', async (question, sql) => {
    const answer = await askData(parcels, question);
    expect(answer.plan?.dimensions.some((d) => d.column.column === 'weight_kg') ?? false).toBe(false);
    await expectSameRows(parcels, answer, sql);
  });

  it('a unit that names no column leaves the question as it was read', async () => {
    const answer = await askData(parcels, 'cost per mile by carrier');
    expect(answer.plan?.measures.some((m) => m.over?.column?.column === 'weight_kg') ?? false).toBe(false);
  });
});

describe('an average count per thing', () => {
  const ORDERS_PER_STORE_2025 = `SELECT COUNT(*) * 1.0 / COUNT(DISTINCT store_id) FROM orders
    WHERE order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'`;
  it.each([
    'What is the average number of orders per store in 2025?',
    'How many orders per store in 2025, on average?',
    'average orders per store in 2025',
    'How many orders did each store take on average in 2025?',
    'On average, how many orders did every store get in 2025?',
  ])('"%s" is one figure: the orders over the stores', async (question) => {
    const a = await ask(demo, question);
    expect(a.status, a.message).toBe('answered');
    await expectSameRows(demo, a, ORDERS_PER_STORE_2025);
  });

  it('"orders per store" without an average word still lists each store', async () => {
    const a = await ask(demo, 'Number of orders per store in 2025');
    expect(a.rows.length).toBeGreaterThan(1);
  });
});

describe('a total per thing, on average', () => {
  // Ann was away 3 + 5 days, Bo 4; Cy was never away. Ann and Cy are in one team.
  const FILES = {
    'employees.csv': 'employee_id,employee_name,team\n1,Ann,north\n2,Bo,south\n3,Cy,north\n',
    'absences.csv':
      'absence_id,employee_id,days,start_date\n1,1,3,2026-01-05\n2,1,5,2026-03-02\n3,2,4,2026-02-09\n',
  };

  it('"how many days of absence per employee on average" is the days over the employees away', async () => {
    await withCsvData(FILES, async (data) => {
      const a = await askData(data, 'How many days of absence per employee on average?');
      expect(a.plan?.dimensions).toEqual([]);
      await expectSameRows(data, a, 'SELECT 6.0');
    });
  });

  it('"per team, on average" stays each team\'s own figure', async () => {
    await withCsvData(FILES, async (data) => {
      const a = await askData(data, 'How many days of absence per team on average?', 0);
      expect(a.plan?.measures.some((m) => m.agg === 'sum' && m.over) ?? false).toBe(false);
    });
  });
});
