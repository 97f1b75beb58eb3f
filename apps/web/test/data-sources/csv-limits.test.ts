import { describe, expect, it } from 'vitest';
import { atLimit, checkPick, clampPercent } from '../../src/features/data-sources/csv-limits';

const file = (name: string, bytes: number, type = 'text/csv') =>
  new File(['x'.repeat(bytes)], name, { type });
const limits = { maxFiles: 5, maxBytes: 1024, current: 2 };

describe('the CSV picker checks', () => {
  it('refuses a pick past the file cap with the spec sentence, counting live and queued files', () => {
    expect(checkPick([file('a.csv', 1), file('b.csv', 1)], 2, limits)).toEqual({
      accepted: [],
      errors: ['Cannot upload files. You have reached the maximum limit of 5 CSV files. Current count: 4'],
    });
    expect(checkPick([file('a.csv', 1)], 2, limits).accepted).toHaveLength(1);
    expect(atLimit(limits, 2)).toBe(false);
    expect(atLimit(limits, 3)).toBe(true);
  });

  it('refuses a file over the size cap or not named .csv, and keeps the others', () => {
    const { accepted, errors } = checkPick(
      [file('big.csv', 2048), file('notes.txt', 1), file('ok.CSV', 10)],
      0,
      limits,
    );
    expect(accepted.map((f) => f.name)).toEqual(['ok.CSV']);
    expect(errors).toEqual([
      '"big.csv" is larger than the 1 KB limit for one CSV file.',
      '"notes.txt" is not a CSV file: choose files ending in .csv.',
    ]);
  });

  it('re-types a CSV file the browser did not type as text/csv', () => {
    const [f] = checkPick([file('excel.csv', 3, 'application/vnd.ms-excel')], 0, limits).accepted;
    expect(f!.type).toBe('text/csv');
    expect(f!.size).toBe(3);
  });

  it('keeps progress between 0 and 100', () => {
    expect([-5, 0, 42.5, 100, 140, Number.NaN, '7', undefined].map(clampPercent)).toEqual([
      0, 0, 42.5, 100, 100, 0, 7, 0,
    ]);
  });
});
