import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// Order lines have no date of their own: they happen on their order's date. Questions of units
// sold are read on the lines, their periods on the orders' dates.

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({
    'products.csv':
      'product_id,product_name,category\n1,Desk,Furniture\n2,Lamp,Lighting\n3,Chair,Furniture\n',
    'orders.csv':
      'order_id,order_date,channel\n10,2026-07-03,web\n11,2026-08-14,store\n12,2026-10-02,web\n13,2026-09-30,web\n',
    'order_items.csv':
      'order_item_id,order_id,product_id,quantity\n1,10,1,2\n2,10,2,1\n3,11,3,4\n4,12,1,5\n5,13,2,3\n',
  });
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('lines of orders', () => {
  it('"units sold per category last quarter" adds up the lines of the orders placed then', async () => {
    const a = await askData(db, 'How many units were sold per category last quarter?', 0.8);
    expect(a.status).toBe('answered');
    expect(a.plan?.timeRange?.label).toBe('last quarter');
    await expectSameRows(
      db,
      a,
      `SELECT p.category, SUM(i.quantity) FROM order_items i JOIN orders o USING (order_id)
       JOIN products p USING (product_id)
       WHERE o.order_date >= DATE '2026-07-01' AND o.order_date < DATE '2026-10-01' GROUP BY 1`,
    );
  });
});
