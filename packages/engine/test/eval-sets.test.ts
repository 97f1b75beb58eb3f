import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEvalSet, type EvalQuestion } from '../src/eval/eval-set';
import { buildQuestions, goldDifferences } from '../src/eval/gold';
import { EVAL_DATA_DIR, halfOf, questionsOfHalf, readHalves, stableHash } from '../src/eval/halves';
import { ratchet, type Floors } from '../src/eval/floors';
import { correctEach } from '../src/eval/score';
import type { Prediction } from '../src/eval/predict';

// The measuring instruments themselves: the split, our own sets and their gold rows, the
// scorer bridge and the floors' ratchet. A broken instrument makes every figure meaningless.

const DEMO = join(EVAL_DATA_DIR, 'demo-paraphrase');
const DEMO_FRESH = join(EVAL_DATA_DIR, 'demo-fresh');
const DOMAINS_FRESH = join(EVAL_DATA_DIR, 'domains-fresh');
const MULTI_FRESH = join(EVAL_DATA_DIR, 'multi-fresh');
const DOMAINS = join(EVAL_DATA_DIR, 'other-domains');
const HELD_OUT_2 = join(EVAL_DATA_DIR, 'held-out-2');
const halves = readHalves();

const groupsOf = (qs: EvalQuestion[]) => {
  const groups = new Map<string, EvalQuestion[]>();
  for (const q of qs) groups.set(q.group!, [...(groups.get(q.group!) ?? []), q]);
  return groups;
};

describe('tune/check halves', () => {
  it('hashes ids the same on every machine (FNV-1a)', () => {
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
  });

  it('splits Spider by database into two halves of about the same size, defog one database each', () => {
    const spider = halves.sets['spider-train']!;
    expect(spider.by).toBe('db_id');
    expect(spider.tune.length + spider.check.length).toBe(137);
    expect(Math.abs(spider.tune.length - spider.check.length)).toBeLessThan(20);
    expect(spider.tune.filter((d) => spider.check.includes(d))).toEqual([]);
    const defog = halves.sets['defog-dev']!;
    expect([defog.tune.length, defog.check.length]).toEqual([1, 1]);
  });

  it('keeps every wording of an information need in the same half, and the held-out sets check-only', () => {
    for (const dir of [DEMO, DEMO_FRESH, DOMAINS_FRESH, MULTI_FRESH, DOMAINS, HELD_OUT_2]) {
      const set = openEvalSet(dir, { generate: false });
      for (const [group, qs] of groupsOf(set.questions)) {
        const where = new Set(qs.map((q) => halfOf(halves, set.name, q)));
        expect([...where], group).toHaveLength(1);
        expect(where.has(null), group).toBe(false);
      }
    }
    for (const dir of [DOMAINS, HELD_OUT_2]) {
      const held = openEvalSet(dir, { generate: false });
      expect(questionsOfHalf(halves, held.name, held.questions, 'tune')).toEqual([]);
      expect(held.config.checkOnly).toBe(true);
    }
  });

  it('refuses a question whose database or group is in no recorded half', () => {
    const stray = { db_id: 'retail', group: 'a-need-nobody-split' };
    expect(() => questionsOfHalf(halves, 'demo-paraphrase', [stray], 'check')).toThrow(/eval:split/);
  });
});

describe('our own eval sets', () => {
  it('the demo paraphrase set has at least 100 questions in groups of 3 to 5 wordings', () => {
    const set = openEvalSet(DEMO, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(100);
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBeGreaterThanOrEqual(3);
      expect(qs.length, group).toBeLessThanOrEqual(5);
      expect(new Set(qs.map((q) => q.question)).size, group).toBe(qs.length);
    }
  });

  it('the fresh demo set is tune-only: at least 100 questions in groups of 2 to 4 wordings, all in the tune half', () => {
    const set = openEvalSet(DEMO_FRESH, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(100);
    expect(questionsOfHalf(halves, set.name, set.questions, 'check')).toEqual([]);
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBeGreaterThanOrEqual(2);
      expect(qs.length, group).toBeLessThanOrEqual(4);
      expect(new Set(qs.map((q) => q.question)).size, group).toBe(qs.length);
    }
  });

  it('the fresh domains set is tune-only: at least 90 questions in groups of 3 wordings over three databases, all in the tune half', () => {
    const set = openEvalSet(DOMAINS_FRESH, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(90);
    expect(new Set(set.questions.map((q) => q.db_id))).toEqual(new Set(['logistics', 'marketing', 'clinic']));
    expect(set.questions.some((q) => q.tags.includes('join'))).toBe(true);
    expect(set.config.checkOnly).toBe(false);
    expect(questionsOfHalf(halves, set.name, set.questions, 'check')).toEqual([]);
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBe(3);
      expect(new Set(qs.map((q) => q.question)).size, group).toBe(qs.length);
    }
  });

  it('the multi-table fresh set: at least 80 questions in groups of 2 wordings over two databases, split by group into both halves', () => {
    const set = openEvalSet(MULTI_FRESH, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(80);
    expect(new Set(set.questions.map((q) => q.db_id))).toEqual(new Set(['shop', 'saas']));
    expect(set.questions.some((q) => q.tags.includes('join'))).toBe(true);
    expect(set.config.checkOnly).toBe(false);
    const split = halves.sets['multi-fresh']!;
    expect(split.by).toBe('group');
    expect(split.tune.length).toBeGreaterThan(0);
    expect(split.check.length).toBeGreaterThan(0);
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBe(2);
      expect(new Set(qs.map((q) => q.question)).size, group).toBe(qs.length);
      expect(split.tune.includes(group) !== split.check.includes(group), group).toBe(true);
    }
    expect(questionsOfHalf(halves, set.name, set.questions, 'tune').length).toBeGreaterThan(0);
    expect(questionsOfHalf(halves, set.name, set.questions, 'check').length).toBeGreaterThan(0);
  });

  it('the other-domains set has at least 40 questions in groups of 2 to 4 over three databases', () => {
    const set = openEvalSet(DOMAINS, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(set.questions.map((q) => q.db_id))).toEqual(new Set(['weather', 'stocks', 'flights']));
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBeGreaterThanOrEqual(2);
      expect(qs.length, group).toBeLessThanOrEqual(4);
    }
  });

  it('the held-out-2 set has at least 80 questions in groups of 2 to 4 over four databases', () => {
    const set = openEvalSet(HELD_OUT_2, { generate: false });
    expect(set.questions.length).toBeGreaterThanOrEqual(80);
    expect(new Set(set.questions.map((q) => q.db_id))).toEqual(new Set(['hr', 'saas', 'support', 'hotel']));
    expect(set.questions.some((q) => q.tags.includes('join'))).toBe(true);
    for (const [group, qs] of groupsOf(set.questions)) {
      expect(qs.length, group).toBeGreaterThanOrEqual(2);
      expect(qs.length, group).toBeLessThanOrEqual(4);
      expect(new Set(qs.map((q) => q.question)).size, group).toBe(qs.length);
    }
  });

  // Gold rows are what the gold SQL gives over freshly generated data: a change to a generator
  // (or to the demo's pinned end date or seed) shows up here, not as a silent drop in accuracy.
  for (const dir of [DEMO, DEMO_FRESH, DOMAINS_FRESH, MULTI_FRESH, DOMAINS, HELD_OUT_2])
    it(`${dir.split('/').pop()}: questions.jsonl holds what its gold SQL returns on the generated data`, async () => {
      const set = openEvalSet(dir);
      try {
        expect(goldDifferences(await buildQuestions(set), set.questions)).toEqual([]);
      } finally {
        set.close();
      }
    });
});

describe('scoring and floors', () => {
  const question: EvalQuestion = {
    id: 'q',
    db_id: 'db',
    question: 'revenue by region',
    gold_sql: '',
    gold_columns: ['region', 'revenue'],
    gold_rows: [
      ['Asia', 10],
      ['Europe', 20.00001],
    ],
    ordered: false,
    tags: [],
  };
  const prediction = (rows: unknown[][], status: Prediction['status'] = 'answered'): Prediction => ({
    id: 'q',
    status,
    columns: ['a', 'b', 'c'],
    rows,
    sql: '',
    confidence: 1,
    message: '',
    suggestions: [],
    planMs: 0,
  });

  it('tells which of several predictions the shared scorer counts as right', () => {
    const right = prediction([
      [20, 'Europe', 'x'],
      [10, 'Asia', 'y'],
    ]);
    const wrongValue = prediction([
      [21, 'Europe', 'x'],
      [10, 'Asia', 'y'],
    ]);
    const declined = prediction([], 'declined');
    expect(correctEach([right, wrongValue, declined].map((p) => ({ question, prediction: p })))).toEqual([
      true,
      false,
      false,
    ]);
  });

  const floors = (correct: number, wrong: number, declined = 3, quoted = 2): Floors => ({
    about: '',
    slices: { demo: { questions: 50, correct, wrong, accuracy: 0, wrongRate: 0 } },
    roundtrip: { suggestions: 10, declined },
    quotedQuestions: quoted,
  });

  it('only ratchets: floors rise, ceilings fall, and a regression is reported', () => {
    expect(ratchet(floors(30, 2), floors(32, 1)).regressions).toEqual([]);
    expect(ratchet(floors(30, 2), floors(32, 1)).floors.slices.demo).toMatchObject({ correct: 32, wrong: 1 });
    const worse = ratchet(floors(30, 2, 3, 2), floors(29, 3, 4, 3));
    expect(worse.regressions).toHaveLength(4);
    expect(worse.floors.slices.demo).toMatchObject({ correct: 30, wrong: 2 });
  });

  it('records a slice afresh when its questions changed', () => {
    const changed = { ...floors(10, 5), slices: { demo: { ...floors(10, 5).slices.demo!, questions: 60 } } };
    expect(ratchet(floors(30, 2), changed).regressions).toEqual([]);
  });
});
