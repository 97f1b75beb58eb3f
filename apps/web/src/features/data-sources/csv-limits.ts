/**
 * The checks the CSV picker makes before anything is uploaded (spec document 3 §5, §9). The
 * limits come from GET /api/copilot/get-rate-limits; the server enforces the same ones again.
 *
 * "Current count" is the organisation's live CSV files plus the ones already queued in the
 * dialog. (The spec compares the count of File Sources with max_csv_files; Catalyst's server caps
 * files, not sources, so the picker counts what the server counts.)
 */
import { formatBytes } from '../../lib/format';
export interface CsvLimits {
  maxFiles: number;
  maxBytes: number;
  /** Live CSV files of the organisation on the server. */
  current: number;
}

export const LIMIT_REACHED = 'You have reached the maximum CSV file limit';

const tooManyFilesText = (max: number, count: number) =>
  `Cannot upload files. You have reached the maximum limit of ${max} CSV files. Current count: ${count}`;

/** True when no further file may be picked. */
export const atLimit = (limits: CsvLimits, queued: number) => limits.current + queued >= limits.maxFiles;

/**
 * Splits a pick into the files to queue and the reasons others were refused. A pick that would
 * pass the file cap is refused whole, with the spec's sentence; a file that is not a .csv or is
 * over the size cap is refused alone. Files the browser did not type as text/csv are re-typed.
 */
export function checkPick(
  picked: File[],
  queued: number,
  limits: CsvLimits,
): { accepted: File[]; errors: string[] } {
  if (picked.length === 0) return { accepted: [], errors: [] };
  const count = limits.current + queued;
  if (count + picked.length > limits.maxFiles)
    return { accepted: [], errors: [tooManyFilesText(limits.maxFiles, count)] };
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    if (!/\.csv$/i.test(file.name))
      errors.push(`"${file.name}" is not a CSV file: choose files ending in .csv.`);
    else if (file.size > limits.maxBytes)
      errors.push(
        `"${file.name}" is larger than the ${formatBytes(limits.maxBytes)} limit for one CSV file.`,
      );
    else
      accepted.push(
        file.type === 'text/csv'
          ? file
          : new File([file], file.name, { type: 'text/csv', lastModified: file.lastModified }),
      );
  }
  return { accepted, errors };
}

/** A progress value the bar can draw: a number from 0 to 100 (spec document 3 §9). */
export function clampPercent(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}
