// Finds evaluation questions quoted in the engine's sources (code or comments). Rules written
// around benchmark sentences pass the benchmark without understanding its meaning, and make the
// benchmark say nothing; the CI check keeps their number at or below its recorded ceiling.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readQuestions } from './eval-set';
import { SLICES } from './slices';

const ENGINE_SRC = fileURLToPath(new URL('..', import.meta.url));
/** Shorter questions ("how many colors") are ordinary phrases, not quotes. */
const MIN_WORDS = 5;

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

export interface Quote {
  set: string;
  id: string;
  question: string;
  file: string;
}

/** Every question of the eval sets (at least MIN_WORDS words) found verbatim in packages/engine/src. */
export function quotedQuestions(srcDir = ENGINE_SRC): Quote[] {
  const files = sourceFiles(srcDir).map((f) => ({
    file: f.slice(srcDir.length),
    text: normalise(readFileSync(f, 'utf8')),
  }));
  const all = files.map((f) => f.text).join('\n\u0000\n');
  const quotes: Quote[] = [];
  for (const setDir of [...new Set(SLICES.map((s) => s.setDir))]) {
    const set = setDir.split('/').pop()!;
    for (const q of readQuestions(join(setDir, 'questions.jsonl'))) {
      const sentence = normalise(q.question)
        .trim()
        .replace(/[?.!]+$/, '');
      if (sentence.split(' ').length < MIN_WORDS) continue;
      if (!all.includes(sentence)) continue;
      const hit = files.find((f) => f.text.includes(sentence))!;
      quotes.push({ set, id: q.id, question: q.question, file: hit.file });
    }
  }
  return quotes;
}
