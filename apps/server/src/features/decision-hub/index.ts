export { alertIdOf, investigateAlert } from './investigate';
export { getRecommendation } from './recommendations';
export { landingRoutes } from './routes';
export { createRecommendationScheduler } from './scheduler';
export { watchNewData } from './watch-new-data';
