import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataDir } from '../src/eval/load';
import { understand } from '../src/understand/parse';
import { findTimeWords } from '../src/understand/periods';
import { fixTypos, lemma, tokenize } from '../src/nlp/text';
import { expectSameRows, NOW, type Demo } from './setup';
import { answerOnce } from '../src/answer/answer';

// A small school database written as a user would upload it: CSV files and a schema.json with
// keys, to check the readings that need more than one table, references and odd values.
const FILES: Record<string, string> = {
  'department.csv':
    'dept_name,building,budget\nBiology,Watson,90000\nFinance,Painter,120000\nHistory,Painter,50000\nMusic,Packard,80000\n',
  'instructor.csv':
    'ID,name,dept_name,salary\n1,Ana,Biology,72000\n2,Bo,Finance,80000\n3,Cy,Finance,65000\n4,Di,History,62000\n5,Ed,Music,40000\n6,Flo,Biology,91000\n',
  'colors.csv': 'color_code,color_description\n1,red\n2,green\n3,blue\n4,yellow\n',
  'products.csv': 'product_id,product_name,color_code,price\n10,cup,1,5\n11,mug,1,7\n12,pen,2,2\n',
  'accounts.csv': 'account_id,customer_id,opened_year\n100,1,2004\n101,1,2005\n102,2,2005\n103,3,2010\n',
  'customers.csv':
    'customer_id,customer_name,county\n1,Kim,Los Angeles\n2,Lee,Orange\n3,Max,Los Angeles\n4,Ola,Kern\n',
  'professor.csv': 'emp_num,dept_code,prof_high_degree\n1,BIO,Ph.D.\n2,BIO,MA\n3,ACC,Ph.D.\n4,ACC,MBA\n',
  'standings.csv': 'club,home_town,league_rank\nAlpha,Oslo,2\nBeta,Rome,1\nGamma,Lima,3\n',
};
const SCHEMA = {
  tables: [
    { name: 'department', columns: [], primary_key: ['dept_name'] },
    {
      name: 'instructor',
      columns: [],
      primary_key: ['ID'],
      foreign_keys: [{ column: 'dept_name', ref_table: 'department', ref_column: 'dept_name' }],
    },
    { name: 'colors', columns: [], primary_key: ['color_code'] },
    {
      name: 'products',
      columns: [],
      primary_key: ['product_id'],
      foreign_keys: [{ column: 'color_code', ref_table: 'colors', ref_column: 'color_code' }],
    },
    {
      name: 'accounts',
      columns: [],
      primary_key: ['account_id'],
      foreign_keys: [{ column: 'customer_id', ref_table: 'customers', ref_column: 'customer_id' }],
    },
    { name: 'customers', columns: [], primary_key: ['customer_id'] },
    { name: 'professor', columns: [], primary_key: ['emp_num'] },
    { name: 'standings', columns: [], primary_key: ['club'] },
  ],
};

let db: Demo;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-school-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(SCHEMA));
  const { warehouse, model } = await loadDataDir(dir);
  db = { warehouse, model, dir };
});
afterAll(async () => {
  await db.warehouse.close();
});

const ask = (question: string) =>
  answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.55 });

describe('readings over several tables and references', () => {
  it.each([
    // The row with the lowest budget, not the lowest budget alone; the budget is shown beside it.
    [
      'Which department has the lowest budget?',
      'SELECT dept_name, budget FROM department ORDER BY budget LIMIT 1',
    ],
    [
      'What is the name of the instructor with the highest salary?',
      'SELECT name, salary FROM instructor ORDER BY salary DESC LIMIT 1',
    ],
    // Counting people who appear in a table that refers to them counts each once.
    ['How many customers have an account?', 'SELECT count(DISTINCT customer_id) FROM accounts'],
    // The colors are listed in the table the products' codes refer to.
    ['How many colors are there?', 'SELECT count(*) FROM colors'],
    // A year said on its own is the table's year column.
    ['How many accounts were opened in 2005?', 'SELECT count(*) FROM accounts WHERE opened_year = 2005'],
    ['How many accounts were opened after 2004?', 'SELECT count(*) FROM accounts WHERE opened_year > 2004'],
    // Values with punctuation and initials of a name.
    ['How many professors have a Ph.D.?', "SELECT count(*) FROM professor WHERE prof_high_degree = 'Ph.D.'"],
    [
      'How many customers live in the county of LA?',
      "SELECT count(*) FROM customers WHERE county = 'Los Angeles'",
    ],
    // A rank counts down from the best: its highest is rank 1, unless the number is asked for.
    ['What is the highest league rank in the standings?', 'SELECT min(league_rank) FROM standings'],
    ['What is the lowest league rank in the standings?', 'SELECT max(league_rank) FROM standings'],
    ['What is the maximum league rank in the standings?', 'SELECT max(league_rank) FROM standings'],
    // A typo of an intent word.
    ['What is the mininum salary of instructors?', 'SELECT min(salary) FROM instructor'],
    // The sum of two members is one number, not a comparison.
    [
      'What is the sum of budgets of the Finance and Music departments?',
      "SELECT sum(budget) FROM department WHERE dept_name IN ('Finance', 'Music')",
    ],
  ])('%s', async (question, sql) => {
    await expectSameRows(db, await ask(question), sql);
  });

  it('reads the question with the table its words fit best, not only the first one named', () => {
    const u = understand('What is the average salary of instructors in each department?', db.model, NOW);
    expect(u.plan?.table).toBe('instructor');
    expect(u.plan?.dimensions.map((d) => d.column.column)).toEqual(['dept_name']);
  });

  it('declines a column that must equal two values at once (that needs an intersection)', () => {
    const u = understand('Which customers opened an account in 2004 and an account in 2005?', db.model, NOW);
    expect(u.confidence).toBeLessThan(0.55);
  });
});

describe('words', () => {
  it('fixes typos of intent words only', () => {
    expect(fixTypos(tokenize('the mininum and maximun prices')).map((t) => t.text)).toEqual([
      'the',
      'minimum',
      'and',
      'maximum',
      'prices',
    ]);
    expect(fixTypos(tokenize('the minion count')).map((t) => t.text)).toEqual(['the', 'minion', 'count']);
  });
  it('keeps words of grammar a letter away from an intent word', () => {
    expect(fixTypos(tokenize('where these are here')).map((t) => t.text)).toEqual([
      'where',
      'these',
      'are',
      'here',
    ]);
  });
  it('reads text in curly single quotes as one quoted value, not a possessive', () => {
    const tokens = tokenize('the dorm whose name has substring ‘Donor Hall’ and the owner’s name');
    expect(tokens.filter((t) => t.quoted).map((t) => t.raw)).toEqual(['Donor Hall']);
    expect(tokens.map((t) => t.text)).toContain('owner');
  });
  it('reads a magnitude written after a number as part of it', () => {
    const numbers = (q: string) => tokenize(q).flatMap((t) => (t.number === null ? [] : [t.number]));
    expect(numbers('revenue over 2M, 1.5m or 10k')).toEqual([2_000_000, 1_500_000, 10_000]);
    expect(numbers('above 2 million and below 3 billion')).toEqual([2_000_000, 3_000_000_000]);
    // No magnitude: units and words that only start like one.
    expect(numbers('2 months, 5 km, 3 mm and 20%')).toEqual([2, 5, 3, 20]);
    expect(tokenize('over 2 million orders').map((t) => t.text)).toEqual(['over', '2000000', 'orders']);
  });
  it('keeps the -e of nouns in -use and drops the -es of nouns in -us', () => {
    expect(['warehouses', 'houses', 'causes', 'uses', 'buses', 'statuses', 'bonuses'].map(lemma)).toEqual([
      'warehouse',
      'house',
      'cause',
      'use',
      'bus',
      'status',
      'bonus',
    ]);
  });
  it('keeps the -ie of nouns that have one', () => {
    expect(['movies', 'cities', 'ties', 'companies'].map(lemma)).toEqual(['movie', 'city', 'tie', 'company']);
  });
});

describe('more business periods relative to 2026-11-22', () => {
  it.each([
    ['sessions in the past month, inclusive of 1 month ago', '2026-10-22', '2026-11-23'],
    ['active users in the last 2 months excluding the current month', '2026-09-01', '2026-11-01'],
    ['average price in the 1st quarter of 2023', '2023-01-01', '2023-04-01'],
    ['tickers with prices on or after Apr 1, 2023', '2023-04-01', undefined],
    ['sales before 2023-06-01', undefined, '2023-06-01'],
    ['sell transactions on 2023-04-01', '2023-04-01', '2023-04-02'],
  ])('%s', (question, from, to) => {
    const p = findTimeWords(question, NOW).period;
    expect(p?.from).toBe(from);
    expect(p?.to).toBe(to);
  });
  it('counts "(inclusive of start and end dates)" as part of the period', () => {
    const text = 'customers between Jan 1, 2023 and Mar 31, 2023 (inclusive of start and end dates)?';
    const p = findTimeWords(text, NOW).period!;
    expect(text.slice(p.start, p.end)).toBe(
      'between Jan 1, 2023 and Mar 31, 2023 (inclusive of start and end dates)',
    );
  });
});

// A second small database for superlatives with a count, year conditions and populations.
const MORE_FILES: Record<string, string> = {
  'film.csv':
    'film_id,title,year,budget_million,studio\n1,Alpha,1995,10,Paramount\n2,Beta,1998,30,Universal\n3,Gamma,2003,50,Paramount\n4,Delta,2010,70,Fox\n5,Omega,1990,20,Fox\n',
  'roster.csv':
    'season,player,position,college\n2001,Ann Lee,Guard,Duke\n2001,Ben Ray,Guard,UCLA\n2002,Cal Fox,Center,Duke\n2002,Dan Orr,Guard,Duke\n2003,Eve Kim,Forward,UCLA\n2003,Fay Wu,Center,Miami\n',
  'course.csv':
    'course_id,course_title,dept_name\n1,Algebra,Math\n2,Calculus,Math\n3,Topology,Math\n4,Poetry,English\n5,Drama,English\n6,Mechanics,Physics\n7,Optics,Physics\n8,Atoms,Physics\n9,Baroque,Music\n10,Opera,Physics\n',
  'stores.csv':
    'store_id,store_chain_id,store_name\n1,10,North\n2,10,South\n3,10,East\n4,11,West\n5,11,Center\n6,12,Harbor\n',
  'store_chains.csv': 'store_chain_id,chain_name\n10,Acme\n11,Zenith\n12,Orbit\n',
  'person.csv':
    'name,age,job,gender\nZach,25,student,male\nAlice,35,engineer,female\nBob,45,engineer,male\nDora,30,doctor,female\nEli,50,doctor,male\n',
  'wine.csv':
    'No,Grape,Winery,Price\n1,Zinfandel,Robert Biale,40\n2,Zinfandel,Ridge,35\n3,Syrah,Robert Biale,50\n4,Merlot,Ridge,30\n',
  'club.csv': 'club_id,club_name\n1,Rovers\n2,United\n3,City\n',
  'institution.csv':
    'institution_id,institution,location,type,enrollment\n1,Ash College,Leeds,Private,900\n2,Birch University,York,Public,5000\n3,Cedar Institute,Bath,Public,3000\n4,Dale College,Hull,Private,1200\n5,Elm University,Kent,Public,800\n',
  'airports.csv':
    'airport_id,airport_name,city,country\n1,Heathrow,London,UK\n2,Gatwick,London,UK\n3,Orly,Paris,France\n4,Tegel,Berlin,Germany\n5,Schiphol,Amsterdam,Netherlands\n6,Barajas,Madrid,Spain\n7,Fiumicino,Rome,Italy\n8,Kastrup,Copenhagen,Denmark\n9,Arlanda,Stockholm,Sweden\n10,Vantaa,Helsinki,Finland\n',
  'reading_list.csv':
    'entry_id,book_title,publisher\n1,Dune,Ace\n2,Emma,Penguin\n3,Ulysses,Penguin\n4,Beloved,Knopf\n5,Hamlet,Penguin\n6,Solaris,Ace\n',
  'staff.csv':
    'staff_id,staff_first_name,staff_last_name,city,salary\n1,Ann,Lee,Leeds,5000\n2,Bob,Ray,York,7000\n3,Cat,Orr,Leeds,6500\n',
  'club_rank.csv': 'club_id,gold,silver,total\n1,5,2,7\n2,3,3,6\n',
};
const MORE_SCHEMA = {
  tables: [
    { name: 'film', columns: [], primary_key: ['film_id'] },
    { name: 'roster', columns: [], primary_key: ['player'] },
    { name: 'course', columns: [], primary_key: ['course_id'] },
    {
      name: 'stores',
      columns: [],
      primary_key: ['store_id'],
      foreign_keys: [{ column: 'store_chain_id', ref_table: 'store_chains', ref_column: 'store_chain_id' }],
    },
    { name: 'store_chains', columns: [], primary_key: ['store_chain_id'] },
    { name: 'person', columns: [], primary_key: ['name'] },
    { name: 'wine', columns: [], primary_key: ['No'] },
    { name: 'club', columns: [], primary_key: ['club_id'] },
    { name: 'institution', columns: [], primary_key: ['institution_id'] },
    { name: 'airports', columns: [], primary_key: ['airport_id'] },
    { name: 'staff', columns: [], primary_key: ['staff_id'] },
    { name: 'reading_list', columns: [], primary_key: ['entry_id'] },
    {
      name: 'club_rank',
      columns: [],
      primary_key: ['club_id'],
      foreign_keys: [{ column: 'club_id', ref_table: 'club', ref_column: 'club_id' }],
    },
  ],
};

describe('superlatives with a count, years after a word of time, and the rows counted', () => {
  let more: Demo;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalyst-more-'));
    for (const [name, text] of Object.entries(MORE_FILES)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'schema.json'), JSON.stringify(MORE_SCHEMA));
    const { warehouse, model } = await loadDataDir(dir);
    more = { warehouse, model, dir };
  });
  afterAll(async () => {
    await more.warehouse.close();
  });
  const askMore = (question: string) =>
    answerOnce({ question, model: more.model, warehouse: more.warehouse, now: NOW, threshold: 0.55 });

  it.each([
    // A year after "before" / "prior to" is the year column's, even beside an aggregated measure.
    [
      'What is the average, maximum, and minimum budget for all films before 2000?',
      'SELECT avg(budget_million), max(budget_million), min(budget_million) FROM film WHERE year < 2000',
    ],
    [
      'What is the average budget of films made prior to 2005?',
      'SELECT avg(budget_million) FROM film WHERE year < 2005',
    ],
    // The number said before what is ranked is how many to show.
    [
      'What are the names of the 2 departments with the most courses?',
      'SELECT dept_name, count(*) FROM course GROUP BY dept_name ORDER BY count(*) DESC LIMIT 2',
    ],
    // A column unique to each row after "of"/"among" is what is counted, not a grouping.
    [
      'What is the most common position of players?',
      'SELECT position, count(*) FROM roster GROUP BY position ORDER BY count(*) DESC LIMIT 1',
    ],
    [
      'Show the position of players and the corresponding number of players.',
      'SELECT position, count(*) FROM roster GROUP BY position',
    ],
    // Substrings: the one text column named before, a code in capitals said without quotes.
    [
      'Find the names of all the airports that contain the word "row".',
      "SELECT airport_name FROM airports WHERE airport_name ILIKE '%row%'",
    ],
    [
      'How many airports have a city that contains LON?',
      "SELECT count(*) FROM airports WHERE city ILIKE '%LON%'",
    ],
    // "full names": the first and last name columns.
    [
      'What are the full names and salaries of staff earning less than 6000?',
      'SELECT staff_first_name, staff_last_name, salary FROM staff WHERE salary < 6000',
    ],
    [
      'Find the full names of staff living in the city of Leeds.',
      "SELECT staff_first_name, staff_last_name FROM staff WHERE city = 'Leeds'",
    ],
    [
      'Return the publisher that has published the most books.',
      'SELECT publisher, count(*) FROM reading_list GROUP BY publisher ORDER BY count(*) DESC LIMIT 1',
    ],
    // "more than twice": a condition on how many rows each publisher has.
    [
      'Which publishers appear more than twice?',
      'SELECT publisher, count(*) FROM reading_list GROUP BY publisher HAVING count(*) > 2',
    ],
    [
      'What are the two colleges from which the most players are from?',
      'SELECT college, count(*) FROM roster GROUP BY college ORDER BY count(*) DESC LIMIT 2',
    ],
    // A loosely matched word right after a column only completes its name ("job title").
    ['What is the average age for different job title?', 'SELECT job, avg(age) FROM person GROUP BY job'],
    // The counting words are not the columns No and Total.
    [
      'Count the number of wines produced at Robert Biale winery.',
      "SELECT count(*) FROM wine WHERE Winery = 'Robert Biale'",
    ],
    [
      'What are the numbers of wines for different grapes?',
      'SELECT Grape, count(*) FROM wine GROUP BY Grape',
    ],
    ['What is the total number of clubs?', 'SELECT count(*) FROM club'],
    // "institution type" with a column Institution naming the rows: the type of an institution.
    [
      'Show the institution type with the largest number of institutions.',
      'SELECT type, count(*) FROM institution GROUP BY type ORDER BY count(*) DESC LIMIT 1',
    ],
    ['Show all the distinct institution types.', 'SELECT DISTINCT type FROM institution'],
    // "all cities with more than one airport": a count condition groups the cities.
    [
      'What are the names of all cities with more than one airport and how many airports do they have?',
      'SELECT city, count(*) FROM airports GROUP BY city HAVING count(*) > 1',
    ],
  ])('%s', async (question, sql) => {
    await expectSameRows(more, await askMore(question), sql);
  });

  it('orders by the column named after the entity word ("order of institution enrollment")', async () => {
    const answer = await askMore(
      'What is the list of institution locations sorted in ascending order of institution enrollment?',
    );
    await expectSameRows(more, answer, 'SELECT location FROM institution ORDER BY enrollment', [], true);
  });

  it('reads "the ids of the N chains" as the chains\' ids, not as what is counted', async () => {
    const answer = await askMore('What are the ids of the two store chains with the most stores?');
    if (answer.status === 'answered')
      await expectSameRows(
        more,
        answer,
        'SELECT store_chain_id FROM stores GROUP BY store_chain_id ORDER BY count(*) DESC LIMIT 2',
      );
  });
});
