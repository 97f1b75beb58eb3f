// Tune and check halves of the evaluation sets. The split is by database (Spider, defog) or by
// information need (our own paraphrase sets: every wording of one need in the same half), so a
// rule tuned on one half cannot have seen the check half's schemas or needs. A change that lifts
// tune but not check is overfitting. The split is recorded in packages/engine/eval/halves.json;
// `npm run eval:split` writes it (existing assignments never move).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Half = 'tune' | 'check';
export const HALVES: Half[] = ['tune', 'check'];

/** packages/engine/eval: the recorded split, the floors, and our own sets. */
export const EVAL_DATA_DIR = fileURLToPath(new URL('../../eval', import.meta.url));
export const HALVES_PATH = join(EVAL_DATA_DIR, 'halves.json');

export interface SetHalves {
  /** What a question is split by: its database or its group (one information need). */
  by: 'db_id' | 'group';
  tune: string[];
  check: string[];
}
export interface HalvesFile {
  about: string;
  sets: Record<string, SetHalves>;
}

export interface SplitQuestion {
  db_id: string;
  group?: string;
}

/** FNV-1a (32 bit): a stable hash that does not depend on Node's or anyone's version. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(text, 'utf8')) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The half a database (or group) falls in when nothing was recorded for it. */
export const hashedHalf = (key: string): Half => (stableHash(key) % 2 === 0 ? 'tune' : 'check');

export function readHalves(path = HALVES_PATH): HalvesFile {
  if (!existsSync(path)) return { about: '', sets: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as HalvesFile;
}

/**
 * The half of a question of set `setName`, or null when the split does not know its database
 * or group (a new one: run `npm run eval:split`).
 */
export function halfOf(halves: HalvesFile, setName: string, q: SplitQuestion): Half | null {
  const split = halves.sets[setName];
  if (!split) return null;
  const key = split.by === 'group' ? (q.group ?? '') : q.db_id;
  if (split.tune.includes(key)) return 'tune';
  if (split.check.includes(key)) return 'check';
  return null;
}

/** Keeps the questions of one half; throws when some question is not in the recorded split. */
export function questionsOfHalf<Q extends SplitQuestion>(
  halves: HalvesFile,
  setName: string,
  questions: Q[],
  half: Half,
): Q[] {
  const unknown = questions.filter((q) => halfOf(halves, setName, q) === null);
  if (unknown.length)
    throw new Error(
      `${unknown.length} questions of ${setName} are in no recorded half (first: ${unknown[0]!.group ?? unknown[0]!.db_id}); run npm run eval:split`,
    );
  return questions.filter((q) => halfOf(halves, setName, q) === half);
}
