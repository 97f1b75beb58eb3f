import { ARTIFACT_TYPES, ZArtifactInput, type TDecision } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, Trash2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { errorMessages, useSchemaValid } from '../../lib/form';
import { useAddDecisionArtifact } from './api/add-decision-artifact';
import { useDeleteDecisionArtifact } from './api/delete-decision-artifact';
import { readFileAsArtifact } from './make-decision-dialog';

/** A text note sends ZArtifactInput; its name is required. */
const ZTextArtifactForm = ZArtifactInput.pick({ name: true, type: true, content: true });

/** A decision's artifacts: download or read them, add a text note or a file, delete one. */
export function ArtifactsCard({ decision: d }: { decision: TDecision }) {
  const { register, control, handleSubmit, resetField, formState } = useForm({
    resolver: zodResolver(ZTextArtifactForm),
    defaultValues: { name: '', type: 'analysis', content: '' },
    mode: 'onTouched',
  });
  const named = useWatch({ control, name: 'name' }).trim() !== '';
  const valid = useSchemaValid(ZTextArtifactForm, control);
  const problems = errorMessages(formState.errors, ['name', 'type', 'content']);
  const fail = (title: string) => (error: unknown) =>
    toast.error(title, { description: error instanceof Error ? error.message : undefined });
  const add = useAddDecisionArtifact(d.id, {
    onSuccess: () => {
      toast.success('Artifact added');
      resetField('name');
      resetField('content');
    },
    onError: fail('Artifact not added'),
  });
  const remove = useDeleteDecisionArtifact(d.id, {
    onSuccess: () => toast.success('Artifact deleted'),
    onError: fail('Artifact not deleted'),
  });

  return (
    <Card className="p-5">
      <h2 className="font-semibold">Artifacts</h2>
      {d.artifacts.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No artifacts yet.</p>
      ) : null}
      <ul className="mt-2 grid gap-2 text-sm">
        {d.artifacts.map((a) => (
          <li key={a.id} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              {a.encoding === 'base64' ? (
                <a
                  className="break-all text-primary hover:underline"
                  download={a.name}
                  href={`data:${a.mimeType ?? 'application/octet-stream'};base64,${a.content}`}
                >
                  {a.name}
                </a>
              ) : (
                <details>
                  <summary className="cursor-pointer break-all">{a.name}</summary>
                  <p className="mt-1 whitespace-pre-wrap text-muted-foreground">{a.content}</p>
                </details>
              )}
              <span className="text-xs text-muted-foreground">
                {a.type} · {formatSize(a.size)}
              </span>
            </div>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Delete artifact ${a.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(a.id)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <form
        className="mt-4 grid gap-2 border-t border-border pt-4 text-sm"
        onSubmit={(e) => void handleSubmit((artifact) => add.mutate({ ...artifact, encoding: 'text' }))(e)}
      >
        <div className="flex gap-2">
          <Input aria-label="New artifact name" placeholder="Artifact name" {...register('name')} />
          <select
            aria-label="New artifact type"
            className="h-10 rounded-md border border-input bg-background px-2"
            {...register('type')}
          >
            {ARTIFACT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        {named ? (
          <textarea
            aria-label="New artifact content"
            placeholder="Artifact content"
            className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            {...register('content')}
          />
        ) : null}
        {problems.length ? <p className="text-destructive">{problems.join(' ')}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" type="submit" disabled={!valid || add.isPending}>
            Add artifact
          </Button>
          <label className="inline-flex cursor-pointer items-center gap-1.5 text-xs text-muted-foreground hover:text-foreground">
            <Paperclip className="size-4" aria-hidden /> Upload a file (5 MB at most)
            <input
              type="file"
              className="sr-only"
              aria-label="Upload an artifact file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                if (file.size > 5 * 1024 * 1024)
                  return void toast.error('Artifact not added', {
                    description: 'An artifact has 5 MB at most',
                  });
                void readFileAsArtifact(file).then((artifact) => add.mutate(artifact));
              }}
            />
          </label>
        </div>
      </form>
    </Card>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
