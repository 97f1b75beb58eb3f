import type { TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { fixTypos, tokenize, type Token } from '../nlp/text';
import { findMentions } from './mentions';
import type { TimeWords } from './periods';
import type { Understanding } from './understanding';

// What the readers of shapes (shapes.ts) share: their input, and reading a wording as an aggregate.

export interface ShapeInput {
  question: string;
  tokens: Token[];
  time: TimeWords;
  model: SemanticModel;
  now: Date;
  /** Understands another wording (the question with the shape's words taken out). */
  read: (text: string) => Understanding;
}

/**
 * A wording read as an aggregate: a shape is of a measure, so the rows of a table named alone
 * ("orders last month", a listing) are counted ("the number of orders last month").
 */
export function readAggregate(input: ShapeInput, text: string): Understanding {
  const u = input.read(text);
  const plan = u.plan;
  if (!plan || plan.measures.length || plan.intent !== 'list') return u;
  const tokens = fixTypos(tokenize(text));
  const rows = findMentions(tokens, input.model).find(
    (m) => m.kind === 'table' && m.tables.some((t) => t.table.name === plan.table),
  );
  if (!rows) return u;
  const at = tokens[rows.start]!.start;
  const counted = input.read(`${text.slice(0, at)}number of ${text.slice(at)}`);
  // Counting must raise no doubt of its own ("what is counted is not named").
  const sure = counted.doubts.every((d) => u.doubts.includes(d));
  return counted.plan?.measures.length && sure ? counted : u;
}

/** The text with these character spans blanked out, spaces tidied. */
export function cut(text: string, spans: { start: number; end: number }[]): string {
  const merged: { start: number; end: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  let out = text;
  for (const s of merged.reverse()) out = `${out.slice(0, s.start)} ${out.slice(s.end)}`;
  return out
    .replace(/\s+([,.?!])/g, '$1')
    .replace(/^[\s,]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every match of a global regular expression, as character spans. */
export function spansOf(text: string, re: RegExp): { start: number; end: number }[] {
  re.lastIndex = 0;
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

export const columnOf = (
  model: SemanticModel,
  ref: { table: string; column: string } | undefined,
): ModelColumn | undefined =>
  ref && model.tables.find((t) => t.name === ref.table)?.columns.find((c) => c.name === ref.column);

/** The date column a plan's periods are on: its time range's, else its table's first. */
export function timeColumnOf(plan: TQueryPlan, model: SemanticModel): ModelColumn | undefined {
  if (plan.timeRange) return columnOf(model, plan.timeRange.column);
  return model.tables.find((t) => t.name === plan.table)?.columns.find((c) => c.isTime);
}

/** The reading with a doubt of the shape's own (a factor below 1) when it has one. */
export function withDoubt(u: Understanding, factor: number, doubt: string): Understanding {
  if (factor >= 1) return u;
  return { ...u, confidence: u.confidence * factor, doubts: [...u.doubts, doubt] };
}
