/** React Query keys of decisions: every list sits under `all`, a decision and its outcome under `detail`. */
export const decisionKeys = {
  all: ['decisions'] as const,
  list: (filters: DecisionFilters) => ['decisions', filters.sort, filters.status, filters.search] as const,
  detail: (id: number) => ['decision', id] as const,
  outcome: (id: number) => ['decision', id, 'outcome'] as const,
};

export interface DecisionFilters {
  sort: string;
  status: string;
  search: string;
}
