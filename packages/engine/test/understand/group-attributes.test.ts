import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// Clients (two share a name) and the trades that refer to them by id.
let db: Demo;
beforeAll(async () => {
  db = await openCsvData({
    'clients.csv':
      'client_id,client_name,region\nC1,Ann Lee,North\nC2,Bo Park,South\nC3,Cy Diaz,North\nC4,Di Chen,South\n',
    'trades.csv':
      'trade_id,client_id,amount,traded_on\nT1,C1,10,2026-01-02\nT2,C1,20,2026-01-03\nT3,C2,5,2026-01-04\nT4,C3,7,2026-01-05\nT5,C4,1,2026-01-06\n',
  });
});
afterAll(async () => db.warehouse.close());

const ask = (question: string) => askData(db, question);

describe('a name said of the things grouped by their key is shown beside it', () => {
  it('groups by the key and shows the name the question asks for', async () => {
    const answer = await ask('Return the client name, number of trades and total amount for each client');
    expect(answer.plan?.dimensions.map((d) => d.column.column)).toContain('client_name');
    await expectSameRows(
      db,
      answer,
      `SELECT t.client_id, c.client_name, COUNT(*), SUM(t.amount) FROM trades t
       JOIN clients c ON c.client_id = t.client_id GROUP BY 1, 2`,
    );
  });

  it.each(['clients with their regions', 'List the clients and their regions'])(
    '"%s": things listed with something of theirs by their name too',
    async (question) => {
      const answer = await ask(question);
      expect(answer.plan?.columns.map((c) => c.column)).toEqual(['client_name', 'region']);
    },
  );

  it('"the region of each client" shows one row per client, named', async () => {
    const answer = await ask('What is the region of each client?');
    expect(answer.plan?.columns.map((c) => c.column)).toEqual(['client_name', 'region']);
    expect(answer.rows).toHaveLength(4);
  });

  it('"the different regions" stay distinct values', async () => {
    const answer = await ask('What are the different regions of the clients?');
    expect(answer.rows).toHaveLength(2);
  });

  it('adds nothing the question did not name', async () => {
    const answer = await ask('number of trades for each client');
    expect(answer.plan?.dimensions.map((d) => d.column.column)).not.toContain('region');
  });
});

describe('a name column whose words run together', () => {
  it('names the ranked things ("CustName" is a name column)', async () => {
    const other = await openCsvData({
      'customer.csv': 'CustId,CustName,CustCity\nK1,Ann Lee,Oslo\nK2,Bo Park,Rome\nK3,Cy Diaz,Oslo\n',
      'sale.csv':
        'SaleId,SaleCustId,SaleAmount,SaleDate\nS1,K1,10,2026-01-02\nS2,K2,20,2026-01-03\nS3,K2,5,2026-01-04\nS4,K3,7,2026-01-05\n',
    });
    try {
      const answer = await askData(other, 'Which customer made the most sales?');
      expect(answer.rows).toEqual([['Bo Park', 2]]);
    } finally {
      await other.warehouse.close();
    }
  });
});

describe('things grouped by the key their facts hold are shown by name too', () => {
  it('"total amount of each client" shows each client\'s name beside the key', async () => {
    const answer = await ask('total amount of each client');
    expect(answer.plan?.dimensions.map((d) => d.column.column)).toEqual(['client_id', 'client_name']);
    await expectSameRows(
      db,
      answer,
      `SELECT t.client_id, c.client_name, SUM(t.amount) FROM trades t
       JOIN clients c ON c.client_id = t.client_id GROUP BY 1, 2`,
    );
  });

  it('shows the keys alone where the question asks for ids', async () => {
    const answer = await ask('total amount for each client id');
    expect(answer.plan?.dimensions.map((d) => d.column.column)).toEqual(['client_id']);
  });
});
