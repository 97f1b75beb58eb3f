export { llmForCatalystAi } from './llm-provider';
export { agentRoutes } from './routes';
