import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, withCsvData, type Demo } from '../setup';

// Contacts with names, e-mail addresses and states; "Sanchez" ends with "ez", "Jo_Smith" holds
// an underscore that is no wildcard.
const CONTACTS = [
  'contact_id,contact_name,email,state,pending_calls',
  '1,Jane Lopez,jane@shop.com,Florida,1',
  '2,Juan Sanchez,juan@mail.org,Texas,0',
  '3,Ann Baker,ann@shop.com,Georgia,2',
  '4,Bob Ortez,bob@web.net,Nevada,0',
  '5,Jo_Smith,jo@shop.co,Ohio,1',
].join('\n');

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'contacts.csv': `${CONTACTS}\n` });
});
afterAll(async () => db.warehouse.close());

const ask = (question: string) => askData(db, question);

describe("a text's first or last characters", () => {
  it.each([
    ['How many contacts have an email ending in .com?', 'SELECT 2'],
    ['number of contacts whose contact name starts with J', 'SELECT 3'],
    ["How many contacts have a contact name beginning with 'jo_'?", 'SELECT 1'],
    ["How many contacts have a contact name that begins with 'j' or ends with 'EZ'?", 'SELECT 4'],
    ["How many contacts live in a state ending with the letter 'a'?", 'SELECT 3'],
  ])('"%s"', async (question, sql) => {
    const answer = await ask(question);
    expect(
      answer.plan?.filters.some((f) => f.op === 'starts_with' || f.op === 'ends_with'),
      JSON.stringify(answer.plan),
    ).toBe(true);
    await expectSameRows(db, answer, sql);
  });

  it('reads "ending" as the verb, not as a misspelt value ("pending")', async () => {
    const answer = await ask('contacts with an email ending in .org');
    expect(answer.plan?.filters).toEqual([
      { column: { table: 'contacts', column: 'email' }, op: 'ends_with', values: ['.org'] },
    ]);
  });
});

describe('words of what is computed are never misspelt values', () => {
  it('"median" beside a value "Media" is the median', () =>
    withCsvData(
      {
        'deals.csv': [
          'deal_id,sector,amount',
          '1,Media,100',
          '2,Retail,300',
          '3,Media,700',
          '4,Energy,900',
        ].join('\n'),
      },
      async (data) => {
        const answer = await askData(data, 'What is the median deal amount?');
        expect(answer.plan?.filters).toEqual([]);
        await expectSameRows(data, answer, 'SELECT MEDIAN(amount) FROM deals');
      },
    ));
});
