/** A card as the server streams it: `{ type, data }` (spec document 1 §2.8). */
export interface CardModel {
  type: string;
  data: Record<string, unknown> & { id?: string; title?: string; description?: string; evidence?: Evidence };
}

export interface Evidence {
  reading?: string;
  sql?: string;
  /** The SQL with its values written in, for reading (it ran with bound values). */
  displaySql?: string;
  /** The periods resolved to days: "last month = Oct 1–31, 2026". */
  periods?: string[];
  rowCount?: number;
  tables?: string[];
  freshness?: string | null;
  source?: string;
  confidence?: number;
}

export interface CardHandlers {
  /** Sends a follow-up question (action cards). */
  onAsk?: (question: string) => void;
  /** Action cards whose action has no question (Make Decision). */
  onAction?: (label: string, context: Record<string, string> | undefined) => void;
  /** Opens a PDF in the side panel. */
  onOpenPdf?: (url: string, page: number, title: string) => void;
}
