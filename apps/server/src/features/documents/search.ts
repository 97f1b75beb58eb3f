import { sql } from 'kysely';
import type { Db } from '../../db';
import './tables';

/** Marks around the matching words of a snippet (control characters never stored in page text). */
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const HEADLINE_OPTIONS = `MaxFragments=1, MaxWords=28, MinWords=10, ShortWord=2, StartSel=${MARK_START}, StopSel=${MARK_END}`;
const MAX_HITS = 300;
const PAGES_PER_DOCUMENT = 3;
const MAX_SNIPPETS = 60;

export interface PageHit {
  documentId: number;
  page: number;
  rank: number;
  snippet: string;
}

/**
 * Full-text search over the pages of the given documents, as a person types it (websearch
 * syntax: words, "quoted phrases", or, -not), ranked with ts_rank; the best pages get a
 * ts_headline snippet.
 */
export async function searchPages(
  db: Db,
  input: { search: string; documentIds: number[] },
): Promise<PageHit[]> {
  if (!input.documentIds.length) return [];
  const query = sql`websearch_to_tsquery('english', ${input.search})`;
  // The best pages of each document (not the best pages overall, which one long document could fill).
  const { rows: ranked } = await sql<{ document_id: number; page_number: number; rank: number }>`
    select document_id, page_number, rank from (
      select p.document_id, p.page_number, ts_rank(p.search, q.q) as rank,
             row_number() over (partition by p.document_id order by ts_rank(p.search, q.q) desc, p.page_number) as n
      from document_pages p, (select ${query} as q) q
      where p.document_id in (${sql.join(input.documentIds)}) and p.search @@ q.q
    ) best
    where n <= ${PAGES_PER_DOCUMENT}
    order by rank desc, document_id, page_number
    limit ${MAX_HITS}`.execute(db);
  const top = ranked.slice(0, MAX_SNIPPETS);
  if (!top.length) return [];
  const snippets = await db
    .selectFrom('document_pages as p')
    .select([
      'p.document_id',
      'p.page_number',
      sql<string>`ts_headline('english', p.text, ${query}, ${HEADLINE_OPTIONS})`.as('snippet'),
    ])
    .where((eb) =>
      eb.or(
        top.map((t) =>
          eb.and([eb('p.document_id', '=', t.document_id), eb('p.page_number', '=', t.page_number)]),
        ),
      ),
    )
    .execute();
  const snippetOf = new Map(
    snippets.map((s) => [`${s.document_id}:${s.page_number}`, s.snippet.replace(/\s+/g, ' ').trim()]),
  );
  return ranked.map((r) => ({
    documentId: r.document_id,
    page: r.page_number,
    rank: Number(r.rank),
    snippet: snippetOf.get(`${r.document_id}:${r.page_number}`) ?? '',
  }));
}

export interface Passage {
  documentId: number;
  page: number;
  /** The best sentence (with its neighbour when it is very short). */
  quote: string;
  /** Share of the question's content words (stemmed) found in the quote, 0–1. */
  coverage: number;
  matched: number;
  questionWords: number;
}

/** Words that say where to look rather than what to look for. */
const META_WORDS = new Set(
  'document documents doc docs pdf pdfs file files page pages say says said according mention mentions mentioned tell tells state states stated written write find show quote text attached uploaded our the this that what which where does do'.split(
    ' ',
  ),
);

/** The content words of a question, without the words that only point at the documents. */
function contentWords(question: string): string[] {
  return (question.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((w) => w.replace(/['’]s$/, ''))
    .filter((w) => !META_WORDS.has(w));
}

/** Sentences of a page: lines of a PDF are joined, blank lines and sentence ends split. */
function sentencesOf(text: string): string[] {
  return text
    .replace(/-\n(?=\p{Ll})/gu, '')
    .split(/\n\s*\n/)
    .flatMap((para) => para.replace(/\s*\n\s*/g, ' ').split(/(?<=[.!?;])\s+(?=[\p{Lu}\p{N}"“'(])/u))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => /\p{L}/u.test(s));
}

const MAX_QUOTE = 400;

/**
 * The passage of the given documents that best answers a question: pages are found with an
 * OR of the question's content words and ranked (ts_rank_cd); their sentences are then scored
 * by how many of the question's stemmed content words they hold, ties going to the better page.
 */
export async function findPassage(
  db: Db,
  input: { question: string; documentIds: number[] },
): Promise<Passage | null> {
  const words = contentWords(input.question);
  if (!words.length || !input.documentIds.length) return null;
  const lexemes = await sql<{
    lexeme: string;
  }>`select distinct lexeme from unnest(to_tsvector('english', ${words.join(' ')}))`.execute(db);
  const questionLexemes = new Set(lexemes.rows.map((r) => r.lexeme));
  if (!questionLexemes.size) return null;
  const query = sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
  const pages = await db
    .selectFrom('document_pages as p')
    .select([
      'p.document_id',
      'p.page_number',
      'p.text',
      sql<number>`ts_rank_cd(p.search, ${query})`.as('rank'),
    ])
    .where('p.document_id', 'in', input.documentIds)
    .where(sql<boolean>`p.search @@ ${query}`)
    .orderBy('rank', 'desc')
    .orderBy('p.document_id')
    .orderBy('p.page_number')
    .limit(5)
    .execute();
  if (!pages.length) return null;
  const candidates = pages.flatMap((p, pageIndex) =>
    sentencesOf(p.text).map((sentence, i, all) => ({ pageIndex, sentence, next: all[i + 1] })),
  );
  if (!candidates.length) return null;
  const stems = await sql<{
    i: number;
    lexemes: string[];
  }>`select (t.i)::int as i, tsvector_to_array(to_tsvector('english', t.s)) as lexemes from unnest(${candidates.map((c) => c.sentence)}::text[]) with ordinality as t(s, i)`.execute(
    db,
  );
  let best: { index: number; matched: number } | null = null;
  for (const row of stems.rows) {
    const matched = row.lexemes.filter((l) => questionLexemes.has(l)).length;
    const index = row.i - 1;
    // More of the question's words wins; then the better-ranked page; then the earlier sentence.
    if (
      !best ||
      matched > best.matched ||
      (matched === best.matched && candidates[index]!.pageIndex < candidates[best.index]!.pageIndex)
    )
      best = { index, matched };
  }
  if (!best || best.matched === 0) return null;
  const chosen = candidates[best.index]!;
  const page = pages[chosen.pageIndex]!;
  let quote = chosen.sentence;
  if (quote.length < 60 && chosen.next) quote = `${quote} ${chosen.next}`;
  if (quote.length > MAX_QUOTE) quote = `${quote.slice(0, MAX_QUOTE).replace(/\s+\S*$/, '')}…`;
  return {
    documentId: page.document_id,
    page: page.page_number,
    quote,
    coverage: best.matched / questionLexemes.size,
    matched: best.matched,
    questionWords: questionLexemes.size,
  };
}
