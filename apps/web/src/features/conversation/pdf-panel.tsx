import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useCollapseSidebarWhile } from '../../lib/sidebar-override';

export interface OpenPdf {
  url: string;
  page: number;
  title: string;
}

/**
 * The 500px document panel beside the conversation (spec document 1 §2.7, §9). From 1024px wide
 * it sits next to the messages and the input, which shrink to make room, and the sidebar
 * collapses while it is open. Narrower, 500px beside a usable conversation does not fit: the
 * panel then covers the screen below the top bar until it is closed (Escape or the close button).
 */
export function PdfPanel({ pdf, onClose }: { pdf: OpenPdf; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useCollapseSidebarWhile(true);
  useEffect(() => {
    closeRef.current?.focus();
  }, [pdf.url]);
  return (
    <aside
      aria-label="Document"
      data-testid="pdf-panel"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="fixed inset-x-0 top-16 bottom-0 z-40 flex flex-col border-border bg-surface lg:static lg:z-auto lg:w-[500px] lg:shrink-0 lg:border-l"
    >
      <div className="flex items-center gap-2 border-b border-border p-3">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{pdf.title}</span>
        <Button ref={closeRef} size="icon" variant="ghost" aria-label="Close document" onClick={onClose}>
          <X aria-hidden />
        </Button>
      </div>
      <iframe title={pdf.title} src={`${pdf.url}#page=${pdf.page}`} className="flex-1" />
    </aside>
  );
}
