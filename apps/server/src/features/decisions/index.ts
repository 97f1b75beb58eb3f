export { decisionRoutes } from './routes';
