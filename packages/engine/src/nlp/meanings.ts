import { baseForms, pointerWords, senses, type Pos, type Synset } from './wordnet';

// What else a word can mean, by WordNet's relations between senses: the words of the same
// sense ("rainfall" = rain), of the quality an adjective measures ("hot" → temperature), of
// the noun or verb a word is made from ("cancellation" ↔ cancel, "sold" → sale), and one step
// up to the kind of thing it is ("rain" → precipitation). Each related word carries how close
// it is; the closest relation wins.

export interface Meaning {
  word: string;
  /** 0–1: how surely the related word names the same thing. */
  closeness: number;
  /** The relation, for explanations and tests. */
  via: 'form' | 'synonym' | 'derived' | 'attribute' | 'pertains' | 'similar' | 'kind of';
}

/** Closeness of each relation, for the first sense of a word; later senses are less close. */
const CLOSENESS: Record<Meaning['via'], number> = {
  form: 1,
  synonym: 0.8,
  derived: 0.75,
  attribute: 0.75,
  pertains: 0.75,
  similar: 0.7,
  'kind of': 0.6,
};
const LATER_SENSE = 0.9;
/** How many senses of each part of speech are followed (rarer senses only add noise). */
const SENSES: Record<Pos, number> = { n: 2, v: 2, a: 2, r: 1 };

const cache = new Map<string, Meaning[]>();

/** Words that may name what `word` names, closest first (the word's own base forms included). */
export function meaningsOf(word: string): Meaning[] {
  const key = word.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const best = new Map<string, Meaning>();
  const note = (w: string, closeness: number, via: Meaning['via']): void => {
    const prev = best.get(w);
    if (!prev || prev.closeness < closeness) best.set(w, { word: w, closeness, via });
  };
  for (const form of baseForms(key)) {
    note(form.word, CLOSENESS.form, 'form');
    senses(form.word, form.pos, SENSES[form.pos]).forEach((synset, rank) => {
      const weight = rank === 0 ? 1 : LATER_SENSE;
      relate(synset, form.word, weight, note);
    });
  }
  const out = [...best.values()].sort((a, b) => b.closeness - a.closeness);
  cache.set(key, out);
  return out;
}

function relate(
  synset: Synset,
  word: string,
  weight: number,
  note: (w: string, closeness: number, via: Meaning['via']) => void,
): void {
  const own = synset.words.indexOf(word) + 1;
  // Synonyms of the first sense only: a rarer sense's synonyms are another word's meanings.
  if (weight === 1) for (const w of synset.words) if (w !== word) note(w, CLOSENESS.synonym, 'synonym');
  for (const p of synset.pointers) {
    // A pointer from another word of the synset is that word's relation, not this one's.
    if (p.source !== 0 && p.source !== own) continue;
    const via: Meaning['via'] | null =
      p.symbol === '+'
        ? 'derived'
        : p.symbol === '='
          ? 'attribute'
          : p.symbol === '\\'
            ? 'pertains'
            : p.symbol === '@' && synset.pos === 'n'
              ? 'kind of'
              : p.symbol === '&'
                ? 'similar'
                : null;
    if (!via) continue;
    for (const w of pointerWords(p)) note(w, CLOSENESS[via] * weight, via);
    // A satellite adjective ("sweltering") measures what its head ("hot") measures.
    if (via === 'similar')
      for (const head of senses(pointerWords(p)[0] ?? '', 'a', 1))
        for (const q of head.pointers)
          if (q.symbol === '=')
            for (const w of pointerWords(q)) note(w, CLOSENESS.similar * weight, 'attribute');
  }
}

/** Particles of English phrasal verbs ("come back", "sign up", "bring in"). */
const PARTICLES = new Set(['back', 'up', 'out', 'in', 'off', 'down', 'over', 'away', 'on']);

/**
 * What a verb with its particle means ("came back" → return), when WordNet knows the phrase;
 * null when the two words are no phrasal verb.
 */
export function phraseMeaningsOf(verb: string, particle: string): Meaning[] | null {
  if (!PARTICLES.has(particle)) return null;
  for (const form of baseForms(verb)) {
    if (form.pos !== 'v') continue;
    const phrase = `${form.word} ${particle}`;
    const found = senses(phrase, 'v', SENSES.v);
    if (!found.length) continue;
    const best = new Map<string, Meaning>();
    const note = (w: string, closeness: number, via: Meaning['via']): void => {
      const prev = best.get(w);
      if (!prev || prev.closeness < closeness) best.set(w, { word: w, closeness, via });
    };
    found.forEach((synset, rank) => relate(synset, phrase, rank === 0 ? 1 : LATER_SENSE, note));
    return [...best.values()].sort((a, b) => b.closeness - a.closeness);
  }
  return null;
}
