export { createApiKeyAuthenticator } from './authenticate';
export { apiKeyRoutes } from './routes';
