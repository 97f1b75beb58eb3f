import { documentFileUrl, type TPdfCard, type TTextCard } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import type { Caller } from '../../plugins/auth';
import { findPassage, type Passage } from './search';
import { visibleDocuments } from './service';

/** What an answerer yields (the conversations feature's AnswerEvent, restated to keep this feature independent of it). */
type AnswerEvent =
  | { type: 'loader'; text: string }
  | { type: 'cards'; cards: unknown[] }
  | {
      type: 'done';
      content: string;
      confidence: number | null;
      plan: unknown;
      status: 'answered' | 'declined';
    };

/** A question that points at the documents themselves. */
const EXPLICIT =
  /\b(documents?|docs?|pdfs?|polic(y|ies)|contracts?|agreements?|handbooks?|manuals?|guidelines?|clauses?|according to|(what|where) does (it|the [\w ]{1,40}) say|on page \d+)\b/i;
/** An explicit question needs half of its content words in the passage; any other question most of them. */
const EXPLICIT_COVERAGE = 0.5;
const FALLBACK_COVERAGE = 0.6;

const refersToDocuments = (question: string) => EXPLICIT.test(question);

/** Ready documents of the use case that the caller may see. */
async function useCaseDocuments(deps: Deps, caller: Caller, useCaseId: number) {
  return visibleDocuments(deps.db, caller)
    .innerJoin('use_case_documents as l', 'l.document_id', 'documents.id')
    .select(['documents.id', 'documents.name', 'documents.format', 'documents.page_count'])
    .where('l.use_case_id', '=', useCaseId)
    .where('documents.status', '=', 'ready')
    .execute();
}

const strongEnough = (p: Passage | null, minCoverage: number): p is Passage =>
  !!p && p.coverage >= minCoverage && p.matched >= Math.min(2, p.questionWords);

/**
 * Catalyst AI over a use case's documents as well as its data. A question that refers to the
 * documents (policy, contract, "according to" …) is answered from the best matching passage
 * when one holds at least half of its content words. Any other question goes to the data
 * engine first; when the engine declines, fails, or stays below the use case's confidence
 * threshold, a passage holding most of the question's content words answers instead. The
 * answer is a text card quoting the passage (document and page) and, for a PDF, a pdf card
 * opening the file at that page.
 */
export async function* answerWithDocuments(
  deps: Deps,
  caller: Caller,
  input: { useCaseId: number | null; question: string; threshold: number },
  engine: () => AsyncIterable<AnswerEvent>,
): AsyncGenerator<AnswerEvent> {
  const documents =
    input.useCaseId !== null && input.question.trim()
      ? await useCaseDocuments(deps, caller, input.useCaseId)
      : [];
  if (!documents.length) {
    yield* engine();
    return;
  }
  const ids = documents.map((d) => d.id);
  const explicit = refersToDocuments(input.question);
  let passage: Passage | null | undefined;
  if (explicit) {
    yield { type: 'loader', text: 'Searching the use case documents...' };
    passage = await findPassage(deps.db, { question: input.question, documentIds: ids });
    if (strongEnough(passage, EXPLICIT_COVERAGE)) {
      yield* passageAnswer(passage, documents);
      return;
    }
  }

  // The data engine first; its cards are held until it is clear they are the answer.
  const held: AnswerEvent[] = [];
  let done: Extract<AnswerEvent, { type: 'done' }> | null = null;
  let failure: unknown = null;
  try {
    for await (const event of engine()) {
      if (event.type === 'loader') yield event;
      else if (event.type === 'cards') held.push(event);
      else done = event;
    }
  } catch (error) {
    failure = error;
  }
  const weak =
    failure !== null ||
    !done ||
    done.status === 'declined' ||
    (done.confidence !== null && done.confidence < input.threshold);
  if (weak) {
    if (passage === undefined) {
      yield { type: 'loader', text: 'Searching the use case documents...' };
      passage = await findPassage(deps.db, { question: input.question, documentIds: ids });
    }
    if (strongEnough(passage, explicit ? EXPLICIT_COVERAGE : FALLBACK_COVERAGE)) {
      yield* passageAnswer(passage, documents);
      return;
    }
    if (explicit) {
      const content = `None of the ${documents.length === 1 ? 'document' : `${documents.length} documents`} of this use case has a passage about that. Try other words, or check that the document is linked to this use case.`;
      yield {
        type: 'cards',
        cards: [
          {
            type: 'text',
            data: { id: 'documents-no-passage', title: 'Nothing found in the documents', text: content },
          } satisfies TTextCard,
        ],
      };
      yield { type: 'done', content, confidence: null, plan: null, status: 'declined' };
      return;
    }
  }
  if (failure !== null) throw failure;
  yield* held;
  if (done) yield done;
}

function* passageAnswer(
  passage: Passage,
  documents: { id: number; name: string; format: string; page_count: number }[],
): Generator<AnswerEvent> {
  const doc = documents.find((d) => d.id === passage.documentId)!;
  const where = `${doc.name}, page ${passage.page}`;
  const text: TTextCard = {
    type: 'text',
    data: {
      id: `document-${doc.id}-page-${passage.page}-quote`,
      title: 'From the documents',
      header: where,
      text: `“${passage.quote}”`,
    },
  };
  const cards: unknown[] = [text];
  if (doc.format === 'pdf') {
    const pdf: TPdfCard = {
      type: 'pdf',
      data: {
        id: `document-${doc.id}-page-${passage.page}`,
        title: doc.name,
        description: `Page ${passage.page} of ${doc.page_count}`,
        pdfUrl: documentFileUrl(doc.id),
        label: 'Open document',
        page_number: passage.page,
        source_id: doc.id,
      },
    };
    cards.push(pdf);
  }
  yield { type: 'cards', cards };
  yield {
    type: 'done',
    content: `According to ${where}: “${passage.quote}”`,
    confidence: passage.coverage,
    plan: null,
    status: 'answered',
  };
}
