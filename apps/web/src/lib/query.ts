/**
 * What a screen adds to a mutation hook from a feature's api/ folder: its own toasts, resets and
 * navigation. The hook keeps the cache work (which lists refresh), so every caller gets it.
 */
export interface MutationConfig<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error) => void;
}
