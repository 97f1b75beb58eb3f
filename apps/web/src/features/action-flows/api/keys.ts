export const ACTION_FLOWS = '/api/copilot/action-flows';
export const FLOWS_KEY = ['action-flows'] as const;
