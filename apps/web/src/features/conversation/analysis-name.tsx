import { Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';

/**
 * The analysis's name in the breadcrumb, which is also the page's heading. Clicking it edits the
 * name: Enter saves, Escape cancels (spec document 1 §2.7: the rename is local only).
 */
export function AnalysisName({ title, onRename }: { title: string; onRename: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    if (!draft?.trim()) return;
    onRename(draft.trim());
    setDraft(null);
  };
  if (draft !== null)
    return (
      <span className="flex items-center gap-1">
        <input
          autoFocus
          aria-label="Analysis name"
          className="h-8 rounded-md border border-input bg-surface px-2 text-sm"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            else if (e.key === 'Escape') setDraft(null);
          }}
        />
        <Button size="icon" variant="ghost" aria-label="Save name" disabled={!draft.trim()} onClick={save}>
          <Check aria-hidden />
        </Button>
        <Button size="icon" variant="ghost" aria-label="Cancel" onClick={() => setDraft(null)}>
          <X aria-hidden />
        </Button>
      </span>
    );
  return (
    <h1 className="flex min-w-0 text-sm">
      <button
        type="button"
        className="group inline-flex min-w-0 items-center gap-1.5 font-medium"
        title={title}
        onClick={() => setDraft(title)}
      >
        <span className="truncate">{title}</span>
        <Pencil className="size-3.5 text-muted-foreground opacity-0 group-hover:opacity-100" aria-hidden />
      </button>
    </h1>
  );
}
