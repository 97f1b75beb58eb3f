import type { TDocument } from '@catalyst/contracts';
import { FileSpreadsheet, FileText, FileType2, type LucideIcon } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';

export const CATEGORY_LABELS: Record<string, string> = {
  strategy: 'Strategy',
  analytics: 'Analytics',
  'ai/ml': 'AI/ML',
  research: 'Research',
};

const ICONS: Record<string, LucideIcon> = {
  pdf: FileText,
  docx: FileType2,
  xlsx: FileSpreadsheet,
  csv: FileSpreadsheet,
  txt: FileText,
};
const ICON_TONES: Record<string, string> = {
  pdf: 'bg-red-500/12 text-red-600 dark:text-red-300',
  docx: 'bg-blue-500/12 text-blue-600 dark:text-blue-300',
  xlsx: 'bg-green-500/12 text-green-700 dark:text-green-300',
  csv: 'bg-green-500/12 text-green-700 dark:text-green-300',
  txt: 'bg-muted text-muted-foreground',
};

export function DocumentIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? FileText;
  return (
    <span
      className={`grid size-9 shrink-0 place-items-center rounded-lg ${ICON_TONES[type] ?? ICON_TONES.txt}`}
      aria-hidden
    >
      <Icon className="size-[18px]" />
    </span>
  );
}

/** "12 pages", "Reading text…" or "Failed" (the reason is shown beside it). */
export function DocumentStatus({ doc }: { doc: TDocument }) {
  if (doc.status === 'processing')
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
        <Spinner className="size-3.5" /> Reading text…
      </span>
    );
  if (doc.status === 'failed')
    return (
      <span className="rounded-full border border-destructive/30 bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive">
        Failed
      </span>
    );
  const unit = doc.type === 'pdf' ? 'page' : 'section';
  return (
    <span className="text-xs text-muted-foreground">{`${doc.pageCount} ${unit}${doc.pageCount === 1 ? '' : 's'}`}</span>
  );
}

/** A search snippet whose matching words the server marked with \u0002 … \u0003. */
export function Snippet({ text }: { text: string }) {
  // eslint-disable-next-line no-control-regex -- the server marks matches with these control characters
  const parts = text.split(/(\u0002[^\u0003]*\u0003)/);
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('\u0002') ? (
          <mark key={i} className="rounded-sm bg-amber-300/50 px-0.5 text-foreground dark:bg-amber-400/30">
            {part.slice(1, -1)}
          </mark>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}
