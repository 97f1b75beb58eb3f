export { type Caller, getUseCaseFor, visibleUseCases } from './access';
export { generateFlowFor, saveDecisionFlow } from './decision-flow';
export { knownColumns, listTables, saveSchemaData, selectAndProfileTables } from './knowledge';
export { addMetric } from './metrics';
export { relationshipRoutes } from './relationship-routes';
export { useCaseRoutes } from './routes';
export { buildUseCaseModel } from './semantic-model';
export { createUseCase, publishUseCase } from './service';
