/** React Query keys of the Decision Hub; a refresh or a dismissal refreshes everything under `all`. */
export const decisionHubKeys = {
  all: ['landing'] as const,
  metrics: ['landing', 'metrics'] as const,
  recommendations: ['landing', 'recommendations'] as const,
  runs: ['landing', 'runs'] as const,
};

/** The hub re-reads its metrics, alerts and scans every 5 minutes (spec document 1 §9). */
export const HUB_REFRESH_MS = 5 * 60_000;
