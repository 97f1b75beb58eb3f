import type { TDocument, TDocumentFolder, TUseCase } from '@catalyst/contracts';
import {
  Download,
  Eye,
  FolderOpen,
  Link2,
  Lock,
  MoreHorizontal,
  Search,
  Share2,
  Trash2,
  Users,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { formatBytes, formatDate } from '../../lib/format';
import { useDocuments } from './api/get-documents';
import { fileUrl } from './api/keys';
import { DeleteDocumentDialog, ShareDialog, UseCasesDialog, ViewDialog } from './document-dialogs';
import { CATEGORY_LABELS, DocumentIcon, DocumentStatus, Snippet } from './format';

const CATEGORIES = [['all', 'All'], ...Object.entries(CATEGORY_LABELS)] as const;

type Open = { kind: 'view' | 'share' | 'use-cases' | 'delete'; doc: TDocument } | null;

/** Search as you type, without a request per key stroke. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The Documents tab: search (full text), category filter, folder filter, and the rows with their actions. */
export function DocumentsTab({
  folders,
  useCases,
  folderId,
  onFolderChange,
}: {
  folders: TDocumentFolder[];
  useCases: TUseCase[];
  folderId: number | null;
  onFolderChange: (id: number | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [open, setOpen] = useState<Open>(null);
  const debounced = useDebounced(search, 250);
  const filters = { search: debounced.trim(), category, folderId };
  const documents = useDocuments(filters);
  const folder = folders.find((f) => f.id === folderId);
  const filtered = !!filters.search || category !== 'all' || folderId !== null;
  const current = open ? (documents.data?.find((d) => d.id === open.doc.id) ?? open.doc) : null;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <label className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search documents"
            placeholder="Search names and text of documents..."
            className="h-10 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Filter by category">
          {CATEGORIES.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={category === value}
              onClick={() => setCategory(value)}
              className={cn(
                'h-8 rounded-full border px-3 text-[13px] font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                category === value
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-surface text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {folder ? (
        <div className="flex items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 rounded-full border border-border bg-surface py-1 pr-1 pl-2.5">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: folder.color }} aria-hidden />
            Folder: {folder.name}
            <button
              type="button"
              aria-label="Show all folders"
              className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
              onClick={() => onFolderChange(null)}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        </div>
      ) : null}

      {documents.isLoading ? (
        <ul className="grid gap-2" aria-label="Loading documents">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-[68px] animate-pulse rounded-xl border border-border bg-muted/40" />
          ))}
        </ul>
      ) : documents.isError ? (
        <Alert variant="destructive" title="The documents could not be loaded">
          <p>{documents.error instanceof Error ? documents.error.message : 'Failed to load documents'}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void documents.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : !documents.data?.length ? (
        <Card className="p-8 text-center text-sm text-muted-foreground">
          {filtered ? 'No documents match.' : 'No documents yet. Drop files above to upload the first one.'}
        </Card>
      ) : (
        <ul className="grid gap-2" aria-label="Documents">
          {documents.data.map((doc) => (
            <DocumentRow
              key={doc.id}
              doc={doc}
              onOpen={(kind) => setOpen({ kind, doc })}
              onFolder={onFolderChange}
            />
          ))}
        </ul>
      )}

      {current && open?.kind === 'view' ? <ViewDialog doc={current} onClose={() => setOpen(null)} /> : null}
      {current && open?.kind === 'share' ? <ShareDialog doc={current} onClose={() => setOpen(null)} /> : null}
      {current && open?.kind === 'use-cases' ? (
        <UseCasesDialog doc={current} useCases={useCases} onClose={() => setOpen(null)} />
      ) : null}
      {current && open?.kind === 'delete' ? (
        <DeleteDocumentDialog doc={current} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}

function DocumentRow({
  doc,
  onOpen,
  onFolder,
}: {
  doc: TDocument;
  onOpen: (kind: 'view' | 'share' | 'use-cases' | 'delete') => void;
  onFolder: (id: number) => void;
}) {
  return (
    <li className="rounded-xl border border-border bg-surface p-3 shadow-xs sm:p-4">
      <div className="flex items-start gap-3">
        <DocumentIcon type={doc.type} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <button
              type="button"
              className="min-w-0 truncate text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none"
              onClick={() => onOpen('view')}
            >
              {doc.name}
            </button>
            {doc.isRestricted ? (
              <span
                className="inline-flex items-center gap-1 text-xs text-muted-foreground"
                title={
                  doc.sharedWith.length
                    ? `Shared with ${doc.sharedWith.map((u) => u.name).join(', ')}`
                    : 'Only the uploader'
                }
              >
                <Lock className="size-3.5" aria-hidden /> Restricted
              </span>
            ) : null}
            <DocumentStatus doc={doc} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="uppercase">{doc.type}</span>
            <span>{formatBytes(doc.size)}</span>
            {doc.category ? <span>{CATEGORY_LABELS[doc.category]}</span> : null}
            {doc.folder ? (
              <button
                type="button"
                className="inline-flex items-center gap-1 hover:text-foreground"
                onClick={() => onFolder(doc.folder!.id)}
              >
                <span
                  className="size-2 rounded-full"
                  style={{ backgroundColor: doc.folder.color }}
                  aria-hidden
                />
                {doc.folder.name}
              </button>
            ) : null}
            <span>
              {formatDate(doc.uploadedDate)} · {doc.uploadedBy}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              {doc.isRestricted
                ? doc.sharedWith.length
                  ? `${doc.sharedWith.length + 1} people`
                  : 'Only the uploader'
                : 'Everyone in the organisation'}
            </span>
          </p>
          {doc.useCases.length ? (
            <p className="mt-1.5 flex flex-wrap gap-1.5">
              {doc.useCases.map((u) => (
                <span
                  key={u.id}
                  className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary"
                >
                  {u.name}
                </span>
              ))}
            </p>
          ) : null}
          {doc.status === 'failed' && doc.error ? (
            <p className="mt-1.5 text-xs text-destructive">{doc.error}</p>
          ) : null}
          {doc.matches?.length ? (
            <ul className="mt-2 grid gap-1 border-l-2 border-border pl-3 text-[13px] leading-5 text-muted-foreground">
              {doc.matches.map((m) => (
                <li key={m.page}>
                  <span className="font-medium text-foreground">
                    {doc.type === 'pdf' ? 'Page' : 'Section'} {m.page}:
                  </span>{' '}
                  <Snippet text={m.snippet} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${doc.name}`}>
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onOpen('view')}>
              <Eye aria-hidden /> View
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <a href={fileUrl(doc.id, true)} download={doc.name}>
                <Download aria-hidden /> Download
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!doc.canManage} onSelect={() => onOpen('share')}>
              <Share2 aria-hidden /> Share
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onOpen('use-cases')}>
              <Link2 aria-hidden /> Use cases
            </DropdownMenuItem>
            {doc.folder ? (
              <DropdownMenuItem onSelect={() => onFolder(doc.folder!.id)}>
                <FolderOpen aria-hidden /> Open folder
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem
              variant="destructive"
              disabled={!doc.canManage}
              onSelect={() => onOpen('delete')}
            >
              <Trash2 aria-hidden /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
