import { describe, expect, it } from 'vitest';
import { meaningsOf, phraseMeaningsOf } from '../../src/nlp/meanings';
import { adjectiveColumn } from '../../src/nlp/lexicon';
import { baseForms } from '../../src/nlp/wordnet';
import { splitIdentifier } from '../../src/nlp/text';

// What words mean, by WordNet's relations (nlp/wordnet, nlp/meanings): ordinary English words,
// no question of any evaluation set.

const words = (w: string) => meaningsOf(w).map((m) => m.word);

describe('WordNet forms and meanings', () => {
  it('finds dictionary forms of inflected words', () => {
    expect(baseForms('hottest')).toContainEqual({ word: 'hot', pos: 'a' });
    expect(baseForms('sold')).toContainEqual({ word: 'sell', pos: 'v' });
    expect(baseForms('departures')).toContainEqual({ word: 'departure', pos: 'n' });
  });

  it('relates a word to the same sense, its kind, its quality and its derivations', () => {
    expect(words('rainfall')).toContain('rain');
    expect(words('rain')).toContain('precipitation');
    expect(words('warm')).toContain('temperature');
    expect(words('cancellation')).toContain('cancel');
  });

  it('follows synonyms of the first sense only', () => {
    const status = meaningsOf('status')
      .filter((m) => m.via === 'synonym')
      .map((m) => m.word);
    expect(status).not.toContain('state');
  });

  it('reads a verb with its particle', () => {
    expect(phraseMeaningsOf('came', 'back')?.map((m) => m.word)).toContain('return');
    expect(phraseMeaningsOf('came', 'table')).toBeNull();
  });

  it('grades superlatives by the quality their adjective measures', () => {
    expect(adjectiveColumn('coldest')).toEqual({ word: 'temperature', dir: 'asc' });
    expect(adjectiveColumn('hottest')).toEqual({ word: 'temperature', dir: 'desc' });
    // Superlatives of a measure said elsewhere ("the highest revenue") grade nothing of their own.
    expect(adjectiveColumn('highest')).toBeUndefined();
  });

  it('keeps inflected identifiers whole', () => {
    expect(splitIdentifier('returned')).toEqual(['returned']);
    expect(splitIdentifier('shipped')).toEqual(['shipped']);
    expect(splitIdentifier('sbcustcountry')).toEqual(['sb', 'customer', 'country']);
  });
});
