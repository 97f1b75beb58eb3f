import type { TUseCaseDetails } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { serverMessage } from '../../lib/api-errors';
import { createUseCase } from './api/create-use-case';
import { useCaseKeys } from './api/keys';
import { updateUseCase } from './api/update-use-case';
import { createAutoSaver, type SendOptions } from './autosave';
import type { DefinitionForm } from './definition-tab';
import { useFlushOnLeave } from './leave';
import { trackSave } from './pending-saves';

export const EMPTY_DEFINITION: DefinitionForm = {
  name: '',
  description: '',
  businessGoals: [],
  keyStakeholders: [],
  riskTolerance: 'balanced',
  aiConfidenceThreshold: 80,
};

export function formOf(d: TUseCaseDetails): DefinitionForm {
  const t = Number(d.aiConfidenceThreshold);
  return {
    name: d.use_case_name,
    description: d.use_case_desc,
    businessGoals: d.businessGoals,
    keyStakeholders: d.keyStakeholders,
    riskTolerance: d.riskTolerance,
    aiConfidenceThreshold: Number.isFinite(t) ? Math.min(100, Math.max(50, Math.round(t / 5) * 5)) : 80,
  };
}

/**
 * Saving a use case's definition, shared by the editor and the 3-step wizard: the first save
 * creates the use case (POST), later ones update it (PUT); the save state and the spec's error
 * ('Failed to save use case. Please try again.', with the server's reason) come with it.
 */
export function useDefinitionSaver(options: {
  id: number | null;
  /** The form as on screen now: what a flush saves (typed-but-not-blurred text included). */
  form: RefObject<DefinitionForm>;
  onCreated?: (created: TUseCaseDetails & { usecase_id: number }, form: DefinitionForm) => void;
}) {
  const queryClient = useQueryClient();
  const [id, setId] = useState<number | null>(options.id);
  const idRef = useRef(id);
  const onCreated = useRef(options.onCreated);
  useEffect(() => {
    onCreated.current = options.onCreated;
  });
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const saver = useMemo(
    () =>
      createAutoSaver<DefinitionForm>({
        isSavable: (f) => f.name.trim() !== '',
        save: async (f, send) => {
          setSaving(true);
          setSaveError(null);
          const fields = {
            description: f.description,
            businessGoals: f.businessGoals,
            keyStakeholders: f.keyStakeholders,
            riskTolerance: f.riskTolerance,
            aiConfidenceThreshold: f.aiConfidenceThreshold,
          };
          try {
            const current = idRef.current;
            if (current === null) {
              const created = await createUseCase({ usecase_name: f.name.trim(), ...fields }, send);
              idRef.current = created.usecase_id;
              setId(created.usecase_id);
              queryClient.setQueryData(useCaseKeys.detail(created.usecase_id), created);
              onCreated.current?.(created, f);
            } else {
              const updated = await trackSave(
                `use-case:${current}`,
                updateUseCase({ usecase_id: current, usecase_name: f.name.trim(), ...fields }, send),
              );
              queryClient.setQueryData(useCaseKeys.detail(current), updated);
            }
            setSavedAt(Date.now());
            void queryClient.invalidateQueries({ queryKey: useCaseKeys.list });
          } catch (e) {
            setSaveError(serverMessage(e) ?? '');
            throw e;
          } finally {
            setSaving(false);
          }
        },
      }),
    [queryClient],
  );
  /** Saves the definition now: leaving the tab, the screen (unmount) or the page. */
  const formRef = options.form;
  const flush = useCallback(
    (send: SendOptions) => {
      saver.schedule(formRef.current);
      return saver.flush(send);
    },
    [saver, formRef],
  );
  useFlushOnLeave(flush);
  /** The id now, also right after a save that created the use case (before a re-render). */
  const currentId = () => idRef.current;
  return { id, currentId, saver, flush, saving, savedAt, setSavedAt, saveError };
}
