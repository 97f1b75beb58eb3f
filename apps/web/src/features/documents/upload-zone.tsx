import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_MB,
  documentToolConfigOf,
  type TDocumentFolder,
  type TUseCase,
} from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { inputClassName } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { documentKeys } from './api/keys';
import { uploadDocuments } from './api/upload-documents';
import { CATEGORY_LABELS } from './format';

const selectClass = cn(inputClassName, 'h-9 py-1.5');

/** Which formats and sizes an upload takes: the chosen use case's Document tool, else every format up to 100 MB. */
export function limitsFor(useCase: TUseCase | undefined) {
  if (!useCase) return { formats: [...DOCUMENT_FORMATS] as string[], maxMb: DOCUMENT_MAX_MB };
  const config = documentToolConfigOf(useCase.configurations);
  return { formats: config.allowedFormats as string[], maxMb: config.maxFileSize };
}

/** Splits picked files into those the limits accept and the reasons for the others. */
export function checkFiles(files: File[], limits: { formats: string[]; maxMb: number }) {
  const accepted: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    if (!limits.formats.includes(ext))
      refused.push(
        `"${file.name}" is not an allowed format (${limits.formats.map((f) => f.toUpperCase()).join(', ')}).`,
      );
    else if (file.size > limits.maxMb * 1024 * 1024)
      refused.push(`"${file.name}" is larger than ${limits.maxMb} MB.`);
    else if (file.size === 0) refused.push(`"${file.name}" is empty.`);
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The upload drop zone of the documents screen: drop or choose files, optionally for a use case, a folder and a category. */
export function UploadZone({ useCases, folders }: { useCases: TUseCase[]; folders: TDocumentFolder[] }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [useCaseId, setUseCaseId] = useState<number | null>(null);
  const [folderId, setFolderId] = useState<number | null>(null);
  const [category, setCategory] = useState('none');
  const useCase = useCases.find((u) => u.use_case_id === useCaseId);
  const limits = limitsFor(useCase);

  const send = async (picked: File[]) => {
    if (!picked.length || busy) return;
    const { accepted, refused } = checkFiles(picked, limits);
    refused.forEach((reason) => toast.error('File not uploaded', { description: reason }));
    if (!accepted.length) return;
    setBusy(true);
    try {
      const docs = await uploadDocuments(accepted, { useCaseId, folderId, category });
      toast.success(docs.length === 1 ? `"${docs[0]!.name}" uploaded` : `${docs.length} documents uploaded`, {
        description: 'Reading their text in the background…',
      });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    } catch (e) {
      toast.error('Upload failed', { description: e instanceof Error ? e.message : undefined });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send([...e.dataTransfer.files]);
  };

  return (
    <section
      aria-label="Upload documents"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'rounded-xl border-2 border-dashed p-5 transition-colors sm:p-6',
        dragging ? 'border-primary bg-primary/5' : 'border-border bg-surface',
      )}
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary" aria-hidden>
          <Upload className="size-5" />
        </span>
        <p className="text-sm font-medium">{busy ? 'Uploading…' : 'Drop files here to upload'}</p>
        <p className="text-xs text-muted-foreground">
          {limits.formats.map((f) => f.toUpperCase()).join(', ')} · up to {limits.maxMb} MB each
          {useCase ? ` (the Document tool of “${useCase.use_case_name}”)` : ''}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="mt-1"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Document files"
          accept={limits.formats.map((f) => `.${f}`).join(',')}
          onChange={(e) => void send([...(e.target.files ?? [])])}
        />
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Use case
          <select
            aria-label="Use case"
            className={selectClass}
            value={useCaseId ?? ''}
            onChange={(e) => setUseCaseId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">No use case</option>
            {useCases.map((u) => (
              <option key={u.use_case_id} value={u.use_case_id}>
                {u.use_case_name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Folder
          <select
            aria-label="Folder"
            className={selectClass}
            value={folderId ?? ''}
            onChange={(e) => setFolderId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">No folder</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Category
          <select
            aria-label="Category"
            className={selectClass}
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="none">No category</option>
            {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}
