export { answerWithDocuments } from './answer';
export { DocumentJobs } from './jobs';
export { documentRoutes } from './routes';
