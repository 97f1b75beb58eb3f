import type { TDecision } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { errorMessages } from '../../lib/form';
import { createDecision } from './api/create-decision';
import { useUseCases } from './api/get-use-cases';
import { decisionKeys } from './api/keys';
import { alertReference, DECISION_FIELDS, ZDecisionForm } from './decision-form';

export interface DecisionDraft {
  useCaseId?: number | null;
  /** "rec-<id>" when opened from an alert: the alert title is then read-only and the server tracks its metric. */
  alertId?: string;
  alertTitle?: string;
  /** Artifacts attached up front, e.g. a card of the conversation. */
  artifacts?: DecisionArtifactDraft[];
}

export interface DecisionArtifactDraft {
  name: string;
  type: 'document' | 'chart' | 'analysis' | 'data';
  content: string;
  encoding: 'text' | 'base64';
  mimeType?: string;
}

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A file as an artifact: its bytes as base64, an image counted as a chart, anything else a document. */
export function readFileAsArtifact(file: File): Promise<DecisionArtifactDraft> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      const base64 = String(reader.result).replace(/^data:[^,]*,/, '');
      resolve({
        name: file.name,
        type: file.type.startsWith('image/') ? 'chart' : 'document',
        content: base64,
        encoding: 'base64',
        mimeType: file.type || undefined,
      });
    };
    reader.readAsDataURL(file);
  });
}

/**
 * The Make Decision dialog (spec document 1 §3, §5; document 2 §2.6), for the decisions screen and the
 * conversation screen alike. Without `onCreated` it announces the new decision in a toast with a link to it.
 */
export function MakeDecisionDialog({
  draft,
  onClose,
  onCreated,
}: {
  draft: DecisionDraft;
  onClose: () => void;
  onCreated?: (d: TDecision) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const useCases = useUseCases();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZDecisionForm),
    defaultValues: {
      title: '',
      description: '',
      useCaseId: draft.useCaseId ? String(draft.useCaseId) : '',
      alertId: draft.alertId,
      alertTitle: draft.alertTitle ?? '',
      decisionRationale: '',
    },
    reValidateMode: 'onSubmit',
  });
  const errors = errorMessages(formState.errors, [...DECISION_FIELDS, 'root.file', 'root.server']);
  const saving = formState.isSubmitting;
  const [artifactName, setArtifactName] = useState('');
  const [artifactType, setArtifactType] = useState<DecisionArtifactDraft['type']>('analysis');
  const [artifactContent, setArtifactContent] = useState('');
  const [artifacts, setArtifacts] = useState<DecisionArtifactDraft[]>(draft.artifacts ?? []);
  const fromAlert = Boolean(draft.alertId);

  const addFile = (file: File) => {
    if (file.size > 5 * 1024 * 1024)
      return setError('root.file', { message: 'An artifact has 5 MB at most' });
    void readFileAsArtifact(file).then((a) => setArtifacts((all) => [...all, a]));
  };

  const submit = handleSubmit(async ({ alertId, alertTitle, ...decision }) => {
    const pending = artifactName.trim()
      ? [
          ...artifacts,
          {
            name: artifactName.trim(),
            type: artifactType,
            content: artifactContent,
            encoding: 'text' as const,
          },
        ]
      : artifacts;
    try {
      const created = await createDecision({
        ...decision,
        ...alertReference({ alertId, alertTitle }),
        artifacts: pending,
      });
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      if (onCreated) onCreated(created);
      else {
        toast.success('Decision recorded', {
          description: created.title,
          action: { label: 'View decision', onClick: () => navigate(`/decisions/${created.id}`) },
        });
        onClose();
      }
    } catch (error) {
      setError('root.server', {
        message: error instanceof Error ? error.message : 'The decision could not be saved.',
      });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Make Decision</DialogTitle>
        <DialogDescription>
          Record what you decided, why, and what it is based on. New decisions start as pending.
        </DialogDescription>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="mt-4 grid gap-3 text-sm">
            <label className="grid gap-1">
              <span className="font-medium">Title</span>
              <Input {...register('title')} />
            </label>
            <label className="grid gap-1">
              <span className="font-medium">Description</span>
              <textarea className={textareaClass} {...register('description')} />
            </label>
            <label className="grid gap-1">
              <span className="font-medium">Status</span>
              <Input value="Pending" readOnly aria-readonly />
            </label>
            <label className="grid gap-1">
              <span className="font-medium">Related use case</span>
              <select
                className="h-10 rounded-md border border-input bg-background px-3"
                {...register('useCaseId')}
              >
                <option value="">Choose a use case</option>
                {(useCases.data ?? []).map((u) => (
                  <option key={u.use_case_id} value={u.use_case_id}>
                    {u.use_case_name}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1">
              <span className="font-medium">Related alert</span>
              <Input
                {...register('alertTitle')}
                readOnly={fromAlert}
                aria-readonly={fromAlert}
                placeholder="What prompted the decision"
              />
            </label>
            <fieldset className="grid gap-2 rounded-lg border border-border p-3">
              <legend className="px-1 font-medium">Artifacts</legend>
              {artifacts.map((a, i) => (
                <p key={i} className="flex items-center justify-between text-xs">
                  <span>
                    {a.name} · {a.type}
                  </span>
                  <button
                    type="button"
                    className="text-destructive"
                    onClick={() => setArtifacts((all) => all.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </p>
              ))}
              <div className="flex gap-2">
                <Input
                  placeholder="Artifact name"
                  value={artifactName}
                  onChange={(e) => setArtifactName(e.target.value)}
                />
                <select
                  aria-label="Artifact type"
                  className="h-10 rounded-md border border-input bg-background px-2"
                  value={artifactType}
                  onChange={(e) => setArtifactType(e.target.value as DecisionArtifactDraft['type'])}
                >
                  {(['document', 'chart', 'analysis', 'data'] as const).map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </div>
              {artifactName.trim() ? (
                <textarea
                  className={textareaClass}
                  placeholder="Artifact content"
                  value={artifactContent}
                  onChange={(e) => setArtifactContent(e.target.value)}
                />
              ) : null}
              <label className="text-xs text-muted-foreground">
                Or attach a file (5 MB at most):{' '}
                <input type="file" onChange={(e) => e.target.files?.[0] && addFile(e.target.files[0])} />
              </label>
            </fieldset>
            <label className="grid gap-1">
              <span className="font-medium">Decision rationale</span>
              <textarea className={textareaClass} {...register('decisionRationale')} />
            </label>
            {errors.length ? (
              <ul className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-destructive">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Decision'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
