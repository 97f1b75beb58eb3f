import fs from 'node:fs';
import readline from 'node:readline';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { TDocumentFormat } from '@catalyst/contracts';

/** A document whose text cannot be read; its message is shown to the user as the reason. */
export class ExtractionError extends Error {}

/** Formats without pages of their own are cut into sections of about this many characters. */
const SECTION_CHARS = 3000;
/** PostgreSQL's tsvector holds at most 1 MB; a page is cut well below that. */
const MAX_PAGE_CHARS = 200_000;

/**
 * The text of a document page by page: the pages of a PDF, sections of about 3,000 characters
 * (cut at paragraph or line ends) for DOCX, TXT and CSV, and each sheet of an XLSX workbook cut
 * the same way. Yields to the event loop between pages so a large file does not stall requests.
 */
export async function* extractPages(filePath: string, format: TDocumentFormat): AsyncGenerator<string> {
  switch (format) {
    case 'pdf':
      yield* pdfPages(filePath);
      return;
    case 'docx':
      yield* sections(splitParagraphs(await docxText(filePath)));
      return;
    case 'xlsx':
      yield* xlsxPages(filePath);
      return;
    case 'txt':
    case 'csv':
      yield* sections(fileLines(filePath));
      return;
  }
}

/** Strips what PostgreSQL cannot store (NUL) and the control characters used as search marks. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ').slice(0, MAX_PAGE_CHARS);
}

async function* pdfPages(filePath: string): AsyncGenerator<string> {
  const { getDocumentProxy } = await import('unpdf');
  const data = new Uint8Array(await fs.promises.readFile(filePath));
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(data, { verbosity: 0, stopAtErrors: false });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException')
      throw new ExtractionError('The PDF is protected by a password; upload a copy without one.');
    throw new ExtractionError(
      `The file is not a readable PDF (${(error as Error).message || 'invalid structure'}).`,
    );
  }
  try {
    if (pdf.numPages === 0) throw new ExtractionError('The PDF has no pages.');
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      page.cleanup();
      yield text;
      await yieldToEventLoop();
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(
      `A page of the PDF could not be read (${(error as Error).message || 'damaged content'}).`,
    );
  } finally {
    await pdf.destroy();
  }
}

async function docxText(filePath: string): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  try {
    const result = await mammoth.extractRawText({ path: filePath });
    return result.value;
  } catch (error) {
    throw new ExtractionError(
      `The file is not a readable Word document (${(error as Error).message || 'damaged content'}).`,
    );
  }
}

async function* xlsxPages(filePath: string): AsyncGenerator<string> {
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(filePath);
  } catch (error) {
    throw new ExtractionError(
      `The file is not a readable Excel workbook (${(error as Error).message || 'damaged content'}).`,
    );
  }
  for (const sheet of workbook.worksheets) {
    const lines: string[] = [`Sheet: ${sheet.name}`];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      lines.push(values.map((v) => cellText(v)).join('\t'));
    });
    yield* sections(lines);
    await yieldToEventLoop();
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      text?: unknown;
      result?: unknown;
      richText?: { text: string }[];
      hyperlink?: string;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value);
}

function splitParagraphs(text: string): string[] {
  return text.split(/\n/);
}

async function* fileLines(filePath: string): AsyncGenerator<string> {
  const lines = readline.createInterface({
    input: fs.createReadStream(filePath, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  for await (const line of lines) yield line;
}

/** Groups lines into sections of about SECTION_CHARS characters, ending at a line end; an overlong line is cut. */
async function* sections(lines: Iterable<string> | AsyncIterable<string>): AsyncGenerator<string> {
  let current = '';
  for await (const raw of lines) {
    let line = raw;
    while (line.length > SECTION_CHARS) {
      if (current.trim()) yield current;
      current = '';
      yield line.slice(0, SECTION_CHARS);
      line = line.slice(SECTION_CHARS);
      await yieldToEventLoop();
    }
    if (current.length + line.length + 1 > SECTION_CHARS && current.trim()) {
      yield current;
      current = '';
      await yieldToEventLoop();
    }
    current += (current ? '\n' : '') + line;
  }
  if (current.trim()) yield current;
}
