import type { TUseCase } from '@catalyst/contracts';

export type UseCaseStatus = 'active' | 'draft' | 'archived';
export type SortKey = 'default' | 'name' | 'created_at' | 'pinned';
export type StatusTab = 'all' | UseCaseStatus;

/** Spec document 2 §4.1: archived when deleted, else active when onboarded, else draft. */
export function statusOf(u: Pick<TUseCase, 'is_deleted' | 'is_onboarded'>): UseCaseStatus {
  if (u.is_deleted) return 'archived';
  return u.is_onboarded ? 'active' : 'draft';
}

/** The list after the status tab (All hides archived) and the sort of §2.1. */
export function visibleUseCases(list: TUseCase[], tab: StatusTab, sort: SortKey): TUseCase[] {
  const filtered = list.filter((u) => (tab === 'all' ? statusOf(u) !== 'archived' : statusOf(u) === tab));
  const sorted = [...filtered];
  if (sort === 'name') sorted.sort((a, b) => a.use_case_name.localeCompare(b.use_case_name));
  else if (sort === 'created_at') sorted.sort((a, b) => b.created_at.localeCompare(a.created_at));
  else if (sort === 'pinned') sorted.sort((a, b) => Number(b.pinned) - Number(a.pinned));
  return sorted;
}

/** Custom chip values: trimmed, non-empty and without duplicates (spec document 2 §5). */
export function addChip(list: string[], value: string): string[] {
  const v = value.trim();
  if (!v || list.includes(v)) return list;
  return [...list, v];
}

/** The wizard variant's steps (spec document 2 §2.4); next and previous stay within 1–3. */
export const WIZARD_STEPS = ['Definition', 'Decision Criteria', 'Decision Flow'] as const;
export const clampStep = (step: number) => Math.min(WIZARD_STEPS.length, Math.max(1, Math.trunc(step) || 1));
