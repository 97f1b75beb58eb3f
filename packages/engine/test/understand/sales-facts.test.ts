import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, openCsvData, type Demo } from '../setup';

// Products with two kinds of dated facts about them: order lines (dated by their order, with
// units) and reviews (dated, with no units or money). Goods said to change hands are never
// counted from the reviews.

let db: Demo;
beforeAll(async () => {
  const orders = ['order_id,order_date'];
  const items = ['order_item_id,order_id,product_id,quantity'];
  const reviews = ['review_id,product_id,review_date,rating'];
  for (let k = 1; k <= 60; k++) {
    const day = `2026-0${1 + (k % 6)}-${String(1 + (k % 27)).padStart(2, '0')}`;
    orders.push(`${k},${day}`);
    items.push(`${k},${k},${1 + (k % 5)},${1 + (k % 3)}`);
    reviews.push(`${k},${1 + (k % 4)},${day},${1 + (k % 5)}`);
  }
  db = await openCsvData({
    'products.csv': 'product_id,product_name\n1,Kettle\n2,Toaster\n3,Blender\n4,Mixer\n5,Grill\n',
    'orders.csv': orders.join('\n') + '\n',
    'order_items.csv': items.join('\n') + '\n',
    'reviews.csv': reviews.join('\n') + '\n',
  });
});
afterAll(async () => db.warehouse.close());

describe('goods that changed hands', () => {
  it('"how many different products did we sell in March" is not read on the reviews', async () => {
    const a = await askData(db, 'How many different products did we sell in March 2026?', 0.7);
    if (a.status === 'answered') expect(a.plan?.table).not.toBe('reviews');
  });

  it('"how many products were reviewed in March" is read on the reviews', async () => {
    const a = await askData(db, 'How many products were reviewed in March 2026?', 0.7);
    expect(a.status).toBe('answered');
    expect(a.plan?.table).toBe('reviews');
  });
});
