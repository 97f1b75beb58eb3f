export const loadEmbedAgentPage = () => import('./embed-agent-page');
