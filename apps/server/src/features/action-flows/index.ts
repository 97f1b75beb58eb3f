export { actionFlowRoutes } from './routes';
