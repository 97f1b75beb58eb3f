import yauzl from 'yauzl';
import { ExtractionError } from './extract';

/**
 * A DOCX or XLSX file is a ZIP package that the readers (mammoth, exceljs) unpack in memory: a
 * 1 MB file can hold an XML part of hundreds of MB (a decompression bomb). Before a reader sees
 * the file, every entry is inflated once as a stream and counted — the declared sizes first, then
 * the bytes actually produced (a package may lie about its sizes), stopping at the first limit.
 */
export interface PackageLimits {
  /** Uncompressed bytes of all entries together. */
  maxUnpackedBytes: number;
  /** Entries of the package. */
  maxEntries: number;
}

const PACKAGE_LIMITS: PackageLimits = {
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxEntries: 10_000,
};

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, autoClose: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function tooLarge(limits: PackageLimits): ExtractionError {
  return new ExtractionError(
    `The file unpacks to more than ${mb(limits.maxUnpackedBytes)}, more than Catalyst reads from one document (it may be a decompression bomb). Split it into smaller files.`,
  );
}

/** Throws an ExtractionError when the package is damaged or unpacks past the limits. */
export async function checkPackage(file: string, limits: PackageLimits = PACKAGE_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new ExtractionError(
      `The file is not a readable Office document (${(error as Error).message || 'damaged package'}).`,
    );
  }
  if (zip.entryCount > limits.maxEntries)
    throw new ExtractionError(
      `The file holds ${zip.entryCount.toLocaleString('en-US')} parts, more than Catalyst reads from one document.`,
    );
  let declared = 0;
  let actual = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        zip.close();
        reject(error);
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes) return fail(tooLarge(limits));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return fail(err);
          stream.on('data', (chunk: Buffer) => {
            actual += chunk.length;
            if (actual > limits.maxUnpackedBytes) {
              stream.destroy();
              fail(tooLarge(limits));
            }
          });
          stream.on('error', fail);
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    if (/too many bytes/i.test((error as Error).message))
      throw new ExtractionError(
        'The parts of the file unpack to more than they declare (it may be a decompression bomb); Catalyst does not read it.',
      );
    // yauzl's own checks: an entry inflating past its declared size, a bad CRC, a broken header.
    throw new ExtractionError(
      `The file is not a readable Office document: ${(error as Error).message || 'damaged package'}.`,
    );
  }
}
