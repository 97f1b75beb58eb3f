import { describe, expect, it } from 'vitest';
import { clarifyingMessage } from '../src/answer/clarify';

describe('a clarification names the word in doubt', () => {
  it('a word that fits several columns comes first', () => {
    expect(
      clarifyingMessage([
        'did not understand "lately"',
        '"size" fits several columns',
        '"when" read as Ship Date',
      ]),
    ).toBe('"size" could mean more than one thing: pick the reading you meant.');
  });
  it('then a word read as a column', () => {
    expect(clarifyingMessage(['more than one table fits', '"when" read as Ship Date'])).toBe(
      'I read "when" as Ship Date; pick the reading you meant.',
    );
  });
  it('then a word not understood', () => {
    expect(clarifyingMessage(['more than one table fits', 'did not understand "lately"'])).toBe(
      'I did not understand "lately"; pick one of these readings, or say it another way.',
    );
  });
  it('otherwise says it is unsure', () => {
    expect(clarifyingMessage(['more than one table fits'])).toMatch(/not sure/);
  });
});
