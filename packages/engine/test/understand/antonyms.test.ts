import { describe, expect, it } from 'vitest';
import { readBusinessQuestion } from '../../src/understand/business/read';
import { askData, expectSameRows, NOW, withCsvData } from '../setup';

// Exam results with a yes/no column "passed", and members with "is_active": a word whose opposite
// names the column ("failed", "inactive") keeps the rows where it is false
// (understand/antonyms.ts); a date column named after the rows ("exam_date") does not make "how
// many exams" a count of dates (business/measures.ts).
const RESULTS = {
  'courses.csv': 'course_id,course_title\n1,Algebra\n2,Chemistry\n',
  'results.csv': [
    'result_id,course_id,exam_date,score,passed',
    '1,1,2025-03-01,80,true',
    '2,1,2025-03-01,40,false',
    '3,2,2025-03-01,30,false',
    '4,2,2025-06-10,70,true',
    '5,2,2025-06-10,45,false',
    '6,2,2026-01-20,90,true',
  ].join('\n'),
  'members.csv': 'member_id,member_name,is_active\n1,Ann,true\n2,Bo,false\n3,Cy,false\n',
};

describe('a word opposite to a yes/no column', () => {
  it.each([
    [
      'How many exams were failed in 2025?',
      "SELECT COUNT(*) FROM results WHERE NOT passed AND exam_date < '2026-01-01'",
    ],
    [
      'How many results failed chemistry?',
      "SELECT COUNT(*) FROM results JOIN courses USING (course_id) WHERE NOT passed AND course_title = 'Chemistry'",
    ],
    ['How many inactive members are there?', 'SELECT COUNT(*) FROM members WHERE NOT is_active'],
  ])('"%s"', (question, sql) =>
    withCsvData(RESULTS, async (data) => {
      const a = await askData(data, question, 0.7);
      await expectSameRows(data, a, sql);
    }),
  );

  it('"how many exams" beside an exam date counts the rows, not the dates', () =>
    withCsvData(RESULTS, async (data) => {
      const u = readBusinessQuestion('How many exams were taken in 2025?', data.model, NOW);
      expect(u?.plan?.measures.map((m) => m.agg)).toEqual(['count']);
    }));

  it('the word of the column itself keeps the rows where it is true', () =>
    withCsvData(RESULTS, async (data) => {
      const a = await askData(data, 'How many exams were passed in 2025?', 0.7);
      await expectSameRows(data, a, "SELECT COUNT(*) FROM results WHERE passed AND exam_date < '2026-01-01'");
    }));
});

it('"how many members are active" with a column is_active counts the members, not those with facts', () =>
  withCsvData(
    {
      'members.csv':
        'member_id,member_name,joined_date,is_active\n1,Ann,2025-01-05,true\n2,Bo,2025-02-11,true\n3,Cy,2025-03-20,false\n4,Di,2025-04-02,true\n',
      'visits.csv':
        'visit_id,member_id,visit_date,minutes\n1,1,2026-01-02,30\n2,3,2026-01-03,45\n3,1,2026-01-05,20\n4,3,2026-02-03,50\n5,3,2026-02-09,35\n6,1,2026-03-01,40\n',
    },
    async (data) => {
      const a = await askData(data, 'How many members are active?', 0.7);
      await expectSameRows(data, a, 'SELECT COUNT(*) FROM members WHERE is_active');
    },
  ));
