import type { SemanticModel } from '../model/types';
import { lemma, splitIdentifier } from '../nlp/text';
import { nounCategory } from '../nlp/segment';

// "How many people were hired in 2025?", "headcount by job title": where the data holds one
// table of people (employees, customers, patients — a noun WordNet files under persons), "people"
// and "persons" name that table and "headcount" is the number of its rows.

/** WordNet's lexicographer file of nouns that name people. */
const NOUN_PERSON = 18;

const PEOPLE = /\b(?:people|persons)\b/i;
const HEADCOUNT = /\bhead ?counts?\b/i;

/** The question with its words for people said by the one table of people, or null. */
export function peopleWording(question: string, model: SemanticModel): string | null {
  if (!PEOPLE.test(question) && !HEADCOUNT.test(question)) return null;
  const people = model.tables.filter((t) => {
    const words = splitIdentifier(t.name);
    const last = words[words.length - 1];
    return !!last && nounCategory(lemma(last.toLowerCase())) === NOUN_PERSON;
  });
  if (people.length !== 1) return null;
  const name = splitIdentifier(people[0]!.name).join(' ').toLowerCase();
  return question.replace(PEOPLE, name).replace(HEADCOUNT, `count of ${name}`);
}
