import { failedCall, serverMessage } from '../../lib/api-errors';
import { saveDecisionFlow } from './api/save-decision-flow';
import { createFlowSync } from './autosave';

export interface FlowListener {
  onError: (message: string | null) => void;
  onState: (saving: boolean) => void;
}

type FlowSync = ReturnType<typeof createFlowSync>;
interface Entry {
  sync: FlowSync;
  listeners: Set<FlowListener>;
  /** The last failure to save, kept so a tab opened again still says its edits are not saved. */
  error: string | null;
}

/**
 * One decision-flow sync per use case for the whole session, not per mounted tab: the Decision
 * Flows tab unmounts on every tab switch and route change, and its unsent steps must outlive it
 * (they are flushed on the way out, and the tab's next load waits for that save to land).
 */
const entries = new Map<number, Entry>();

export function flowSyncOf(useCaseId: number): Entry & { subscribe: (l: FlowListener) => () => void } {
  let entry = entries.get(useCaseId);
  if (!entry) {
    const listeners = new Set<FlowListener>();
    const created: Entry = {
      listeners,
      error: null,
      sync: createFlowSync({
        send: async (steps, send) => {
          try {
            await saveDecisionFlow(useCaseId, steps, send);
          } catch (e) {
            throw new Error(
              serverMessage(e) ??
                failedCall('Failed to update decision flow', e, 'Failed to update decision flow'),
            );
          }
          created.error = null;
          for (const l of listeners) l.onError(null);
        },
        onError: (e) => {
          created.error = e instanceof Error ? e.message : 'Failed to update decision flow';
          for (const l of listeners) l.onError(created.error);
        },
        onState: (saving) => {
          for (const l of listeners) l.onState(saving);
        },
      }),
    };
    entry = created;
    entries.set(useCaseId, entry);
  }
  const e = entry;
  return Object.assign(e, {
    subscribe(l: FlowListener) {
      e.listeners.add(l);
      return () => void e.listeners.delete(l);
    },
  });
}
