/** React Query keys of conversations; a change to any thread refreshes everything under `threads`. */
export const conversationKeys = {
  threads: ['threads'] as const,
  recent: (useCaseId: number | null) => ['threads', 'recent', useCaseId] as const,
  shareCandidates: (useCaseId: number | null) => ['share-candidates', useCaseId] as const,
  useCases: ['use-cases'] as const,
};
