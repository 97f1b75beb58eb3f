export const loadAgentsPage = () => import('./agents-page');
