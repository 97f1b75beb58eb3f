export const loadActionFlowsPage = () => import('./action-flows-page');
export const loadActionFlowsPanel = () => import('./action-flows-panel');
