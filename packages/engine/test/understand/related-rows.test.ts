import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedClause } from '../../src/understand/related-rows';
import { fixTypos, tokenize } from '../../src/nlp/text';
import { askData, expectSameRows, NOW, openCsvData, type Demo } from '../setup';

// A lending library: members borrow books (loans refer to members). Dee and Eve never borrowed;
// Ben borrowed once, in 2025; Ann three times and Cy twice, in 2026.
const MEMBERS =
  'member_id,name,city,tier,is_active\n1,Ann,Oslo,gold,true\n2,Ben,Oslo,basic,true\n3,Cy,Rome,gold,false\n4,Dee,Rome,gold,true\n5,Eve,Oslo,basic,false\n';
// Ann and Cy reviewed books; the others never did.
const REVIEWS = 'review_id,member_id,stars\n1,1,5\n2,3,4\n';
const LOANS = [
  'loan_id,member_id,genre,loan_date',
  '1,1,fiction,2026-01-05',
  '2,1,fiction,2026-02-05',
  '3,1,history,2026-03-05',
  '4,2,history,2025-06-01',
  '5,3,fiction,2026-04-01',
  '6,3,history,2026-05-01',
].join('\n');

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'members.csv': MEMBERS, 'loans.csv': `${LOANS}\n`, 'reviews.csv': REVIEWS });
});
afterAll(async () => db.warehouse.close());

const ask = (question: string) => askData(db, question);
const clause = (question: string) => relatedClause(question, fixTypos(tokenize(question)), db.model, NOW);

describe('things kept by the rows that refer to them', () => {
  it.each([
    [
      'Which members have no loans?',
      'SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans)',
    ],
    [
      'List the members without any loans',
      'SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans)',
    ],
    [
      'names of members who have not had a loan',
      'SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans)',
    ],
    ['How many members have at least 2 loans?', 'SELECT 2'],
    ['How many members have 2 or more loans?', 'SELECT 2'],
    ['members with more than one loan', "SELECT name FROM members WHERE name IN ('Ann', 'Cy')"],
    ['members with exactly 1 loan', "SELECT name FROM members WHERE name = 'Ben'"],
    [
      'Which members had no loans in 2026?',
      "SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans WHERE loan_date >= '2026-01-01')",
    ],
    [
      'members with no fiction loans',
      "SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans WHERE genre = 'fiction')",
    ],
    [
      'members without any loan records',
      'SELECT name FROM members WHERE member_id NOT IN (SELECT member_id FROM loans)',
    ],
    [
      'number of members with no loans, by city',
      "SELECT city, count(*) FROM members WHERE name IN ('Dee', 'Eve') GROUP BY 1",
    ],
  ])('"%s"', async (question, sql) => {
    const answer = await ask(question);
    expect(answer.plan?.related?.length, JSON.stringify(answer.plan)).toBeGreaterThan(0);
    await expectSameRows(db, answer, sql);
  });

  it.each([
    // The verb names the referring rows.
    ['members who never reviewed', "SELECT name FROM members WHERE name IN ('Ben', 'Dee', 'Eve')"],
    // A qualifier of the members stays with them; a word only qualifies the loans' name.
    [
      'Which members in the gold tier have never taken out a library loan?',
      "SELECT name FROM members WHERE name = 'Dee'",
    ],
    ['members with no loans of any genre', "SELECT name FROM members WHERE name IN ('Dee', 'Eve')"],
    // A yes/no column said before its rows' name.
    ['How many active members have no loans?', 'SELECT 1'],
  ])('"%s"', async (question, sql) => {
    const answer = await ask(question);
    expect(answer.plan?.related?.length, JSON.stringify(answer.plan)).toBeGreaterThan(0);
    await expectSameRows(db, answer, sql);
  });

  it('a cap on the count leaves out the things with none ("fewer than 3 loans")', async () => {
    const answer = await ask('members with fewer than 3 loans');
    await expectSameRows(db, answer, "SELECT name FROM members WHERE name IN ('Ben', 'Cy')");
  });

  it('things asked for by their name are listed by name, surely enough to answer', async () => {
    const answer = await askData(db, 'Members with at least 2 loans', 0.8);
    expect(answer.status).toBe('answered');
    await expectSameRows(db, answer, "SELECT name FROM members WHERE name IN ('Ann', 'Cy')");
  });

  it('names the condition in the reading', async () => {
    const answer = await ask('Which members have no loans?');
    expect(answer.reading).toContain('have no loans');
  });

  it.each([
    'Which member has the most loans?',
    'members with the highest number of loans',
    'members sorted by loans',
    'loans by member',
  ])('"%s" is no condition on referring rows', (question) => {
    expect(clause(question)).toBeNull();
  });

  it('leaves a condition alone when more words go on qualifying the referring rows', () => {
    // The genre after "loans" would belong to the loans; read as it stands, it would not.
    expect(clause('members with no loans of history books')).toBeNull();
    expect(clause('members with no loans, by city')).not.toBeNull();
  });

  it('never keeps rows of a table that the other does not refer to', () => {
    expect(clause('loans without members')).toBeNull();
  });
});
