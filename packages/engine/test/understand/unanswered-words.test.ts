import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { understand } from '../../src/understand/parse';
import { askData, expectSameRows, NOW, openCsvData, withCsvData, type Demo } from '../setup';

// Readings that would answer something other than what the words ask are doubted
// (understand/parse.ts, understand/measures.ts; weights in understand/weights.ts).
const CAMPAIGNS = [
  'campaign_id,campaign_name,channel,start_date,clicks,spend,budget',
  'C1,Spring Search,search,2026-03-01,900,450,500',
  'C2,Spring Social,social,2026-03-05,400,620,600',
  'C3,Summer Email,email,2026-06-01,300,90,100',
  'C4,Autumn Display,display,2026-09-10,150,310,300',
].join('\n');

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'campaigns.csv': `${CAMPAIGNS}\n` });
});
afterAll(async () => db.warehouse.close());

const read = (question: string) => understand(question, db.model, NOW);

describe('readings that answer other words are doubted', () => {
  it('"which campaigns …" answered by one figure that shows none of them', () => {
    const u = read('Which campaigns went over budget?');
    expect(u.plan?.intent === 'value' ? u.confidence : 0).toBeLessThan(0.5);
  });

  it('"which campaigns" answered with the campaigns stays sure', () => {
    const u = read('Which campaigns are in the search channel?');
    expect(u.plan?.columns.length).toBeGreaterThan(0);
    expect(u.confidence).toBeGreaterThan(0.8);
  });

  it('"which campaigns …" answered by each group\'s highest figure, without them', () => {
    const u = read('Which campaigns have the highest budget by channel?');
    expect(u.plan?.dimensions.map((d) => d.column.column)).toEqual(['channel']);
    expect(u.confidence).toBeLessThan(0.5);
  });

  it('"which channel …" answered by the channels stays sure', () => {
    const u = read('Which channel has the highest budget?');
    expect(u.confidence).toBeGreaterThan(0.8);
  });

  it('"the best return on spend" is no total spend: "return" there names a figure', () => {
    const u = read('Which channel has the best return on spend?');
    expect(u.confidence).toBeLessThan(0.55);
    expect(u.doubts.join(' ')).toContain('return');
  });

  it('"return" that asks for an answer stays filler', () => {
    const u = read('Return the total spend by channel');
    expect(u.confidence).toBeGreaterThan(0.8);
  });

  it('"the cheapest clicks": a price said of a count that is no money', () => {
    const u = read('Which channel gets the cheapest clicks?');
    expect(u.confidence).toBeLessThan(0.5);
    expect(u.doubts.join(' ')).toContain('cheapest');
  });

  it('"the cheapest campaign" of money stays sure', () => {
    const u = read('What is the cheapest spend of a campaign?');
    expect(u.plan?.measures[0]).toMatchObject({ agg: 'min', column: { column: 'spend' } });
    expect(u.confidence).toBeGreaterThan(0.8);
  });
});

describe('rankings by a score', () => {
  // Reviews of products in two categories: Books has fewer reviews but better ones.
  const REVIEWS = {
    'products.csv':
      'product_id,product_name,category\n1,Novel,Books\n2,Atlas,Books\n3,Lamp,Home\n4,Rug,Home\n',
    'reviews.csv': [
      'review_id,product_id,review_date,rating',
      '1,1,2026-01-02,5',
      '2,2,2026-01-03,5',
      '3,3,2026-01-04,3',
      '4,3,2026-01-05,3',
      '5,4,2026-01-06,2',
      '6,4,2026-01-07,3',
      '7,4,2026-01-08,3',
    ].join('\n'),
  };

  it('"highest rated category" ranks the categories by their average rating, not its total', () =>
    withCsvData(REVIEWS, async (data) => {
      const a = await askData(data, 'highest rated category', 0.7);
      await expectSameRows(data, a, "SELECT 'Books', 5.0");
    }));

  it('"best-rated category" said in one word is not read as the list of categories', () =>
    withCsvData(REVIEWS, async (data) => {
      const a = await askData(data, 'Which is the best-rated category?', 0.7);
      expect(a.status).toBe('declined');
    }));
});
