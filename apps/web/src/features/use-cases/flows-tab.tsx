import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { GripVertical, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClassName } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { failedCall, serverMessage } from '../../lib/api-errors';
import { addDecisionFlow } from './api/add-decision-flow';
import { generateDecisionFlow } from './api/generate-decision-flow';
import { getDecisionFlow } from './api/get-decision-flow';
import { flowSyncOf } from './flow-syncs';
import { useFlushOnLeave } from './leave';

interface Step {
  key: string;
  text: string;
}
let seq = 0;
const toSteps = (texts: string[]): Step[] => texts.map((text) => ({ key: `s${++seq}`, text }));

function Row({
  step,
  index,
  onText,
  onDelete,
}: {
  step: Step;
  index: number;
  onText: (t: string) => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: step.key,
  });
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform
          ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
          : undefined,
        transition,
      }}
      className={isDragging ? 'relative z-10 opacity-80' : undefined}
    >
      <div className="flex items-start gap-2 rounded-lg border border-border bg-surface p-2">
        <button
          type="button"
          className="mt-2 cursor-grab rounded p-1 text-muted-foreground hover:bg-muted"
          aria-label={`Reorder step ${index + 1}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" />
        </button>
        <span className="mt-2.5 w-6 shrink-0 text-center text-sm font-medium text-muted-foreground">
          {index + 1}
        </span>
        <textarea
          rows={1}
          value={step.text}
          aria-label={`Step ${index + 1}`}
          onChange={(e) => onText(e.target.value)}
          className={cn(inputClassName, 'h-auto min-h-10 resize-none field-sizing-content')}
        />
        <Button variant="ghost" size="icon" aria-label={`Delete step ${index + 1}`} onClick={onDelete}>
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}

/** Decision Flows tab (spec document 2 §2.4, §4.3). */
export function FlowsTab({
  useCaseId,
  onPublish,
  publishing,
}: {
  useCaseId: number | null;
  onPublish: () => void;
  publishing: boolean;
}) {
  const [steps, setSteps] = useState<Step[]>([]);
  const [loading, setLoading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  // Spec document 2 §8: the generate error shows in the red box; a load or save failure is said
  // too (the spec only logs them, but an edit that silently did not save is lost work).
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Steps that could not be read are not shown as "none": editing them would replace the saved
  // flow with what is on screen, so the list waits for a successful read (Try Again).
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const entry = useMemo(() => (useCaseId ? flowSyncOf(useCaseId) : null), [useCaseId]);
  useEffect(() => entry?.subscribe({ onError: setError, onState: setSaving }), [entry]);
  useFlushOnLeave((send) => entry?.sync.flush(send));
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (!useCaseId || !entry || loaded.current === `${useCaseId}:${attempt}`) return;
    loaded.current = `${useCaseId}:${attempt}`;
    // Steps a previous visit could not send are shown again, not replaced by the server's older ones.
    const unsent = entry.sync.unsent;
    if (unsent && !entry.sync.inFlight) {
      setSteps(toSteps(unsent));
      setError(entry.error);
      return;
    }
    setLoading(true);
    setLoadError(null);
    // A save flushed on the way out of this tab may still be in flight: read after it lands.
    void entry.sync
      .idle()
      .then(() => getDecisionFlow(useCaseId))
      .then((s) => setSteps(toSteps(s)))
      .catch((e: unknown) =>
        setLoadError(
          serverMessage(e) ?? failedCall('Failed to fetch decision flow', e, 'Failed to load decision flow'),
        ),
      )
      .finally(() => setLoading(false));
  }, [useCaseId, entry, attempt]);
  const editable = !!useCaseId && !loading && loadError === null;

  const update = (next: Step[], kind: 'text' | 'other') => {
    setSteps(next);
    entry?.sync.push(
      next.map((s) => s.text),
      kind,
    );
  };
  const generate = async () => {
    if (!useCaseId) return;
    setGenerating(true);
    setGenerateError(null);
    let generated: string[];
    try {
      generated = await generateDecisionFlow(useCaseId);
    } catch (e) {
      setGenerateError(
        serverMessage(e) ??
          failedCall(
            'Failed to generate decision flow',
            e,
            e instanceof Error ? e.message : 'Failed to generate decision flow',
          ),
      );
      setGenerating(false);
      return;
    }
    // The generated flow replaces the steps: edits still waiting to be sent would overwrite it.
    entry?.sync.cancel();
    setSteps(toSteps(generated));
    try {
      await addDecisionFlow(useCaseId, generated);
      setError(null);
    } catch (e) {
      setGenerateError(
        serverMessage(e) ?? failedCall('Failed to add decision flow', e, 'Failed to add decision flow'),
      );
    } finally {
      setGenerating(false);
    }
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = steps.findIndex((s) => s.key === active.id);
    const to = steps.findIndex((s) => s.key === over.id);
    update(arrayMove(steps, from, to), 'other');
  };

  return (
    <div className="grid gap-4">
      <Card className="p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 className="font-semibold">Decision Flow Configuration</h2>
            <p className="text-sm text-muted-foreground">
              The ordered steps Catalyst follows when it recommends a decision for this use case.
            </p>
          </div>
          <div className="flex flex-wrap gap-2 sm:shrink-0">
            <Button
              variant="secondary"
              onClick={() => void generate()}
              disabled={!editable || generating || saving}
            >
              <Sparkles /> {generating ? 'Generating...' : 'Generate Decision Flow'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => update([...steps, ...toSteps([''])], 'other')}
              disabled={!editable}
            >
              <Plus /> Add Step
            </Button>
          </div>
        </div>
        {generateError ? (
          <div
            role="alert"
            className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            <p className="font-medium">Error generating decision flow:</p>
            <p>{generateError}</p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-4 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="mt-4">
          {!useCaseId ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              Save the use case first (give it a name) to build its decision flow.
            </p>
          ) : loading ? (
            <p className="py-8 text-center text-sm text-muted-foreground">Loading decision flow...</p>
          ) : loadError !== null ? (
            <div role="alert" className="py-8 text-center text-sm">
              <p className="text-destructive">{loadError}</p>
              <Button className="mt-3" variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                Try Again
              </Button>
            </div>
          ) : steps.length === 0 ? (
            <div className="py-8 text-center">
              <p className="font-medium">No decision steps defined</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Add your first decision step to get started
              </p>
              <Button className="mt-4" variant="secondary" onClick={() => update(toSteps(['']), 'other')}>
                <Plus /> Add First Step
              </Button>
            </div>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                screenReaderInstructions: {
                  draggable:
                    'To reorder a step, press Space, move it with the arrow keys and press Space again to drop it.',
                },
              }}
            >
              <SortableContext items={steps.map((s) => s.key)} strategy={verticalListSortingStrategy}>
                <ol className="grid gap-2" aria-label="Decision flow steps">
                  {steps.map((s, i) => (
                    <Row
                      key={s.key}
                      step={s}
                      index={i}
                      onText={(t) =>
                        update(
                          steps.map((x) => (x.key === s.key ? { ...x, text: t } : x)),
                          'text',
                        )
                      }
                      onDelete={() =>
                        update(
                          steps.filter((x) => x.key !== s.key),
                          'other',
                        )
                      }
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          )}
        </div>
        <p className="mt-3 text-xs text-muted-foreground" aria-live="polite">
          {saving ? 'Saving flow...' : ''}
        </p>
      </Card>
      <div className="flex flex-col items-end gap-2 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-muted-foreground">
          Review your decision flows and validate the configuration before publishing
        </p>
        <Button
          // Publish what is on screen: steps still waiting to be sent go first.
          onClick={() => void (entry?.sync.flush() ?? Promise.resolve()).then(onPublish)}
          disabled={publishing || !useCaseId}
        >
          {publishing ? 'Publishing...' : 'Validate & Publish'}
        </Button>
      </div>
    </div>
  );
}
