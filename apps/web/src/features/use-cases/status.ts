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

/** "less than a minute", "5 minutes", "about 1 hour", "3 days" (as in 'Saved about 1 hour ago'). */
export function distance(fromMs: number, toMs: number): string {
  const s = Math.max(0, Math.round((toMs - fromMs) / 1000));
  const m = Math.round(s / 60);
  if (s < 30) return 'less than a minute';
  if (m < 2) return '1 minute';
  if (m < 45) return `${m} minutes`;
  const h = Math.round(m / 60);
  if (m < 90) return 'about 1 hour';
  if (h < 24) return `about ${h} hours`;
  const d = Math.round(h / 24);
  return d === 1 ? '1 day' : `${d} days`;
}

const UPDATED_ON = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An updated-on date as the editor shows it: en-US, 24-hour, with seconds (spec document 2 §2.4). */
export function formatUpdatedOn(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : UPDATED_ON.format(d);
}

/** The wizard variant's steps (spec document 2 §2.4); next and previous stay within 1–3. */
export const WIZARD_STEPS = ['Definition', 'Decision Criteria', 'Decision Flow'] as const;
export const clampStep = (step: number) => Math.min(WIZARD_STEPS.length, Math.max(1, Math.trunc(step) || 1));
