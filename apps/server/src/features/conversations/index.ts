export { type Answerer, type AnswerEvent } from './answerer';
export { type AskCaller, askCatalyst, type AskInput } from './ask-catalyst';
export { engineAnswerer } from './engine-answerer';
export { watchInterruptedAnswers } from './recover';
export { conversationRoutes } from './routes';
export { createThreadListCache, dropThreadLists, type ThreadListCache } from './thread-list-cache';
export { listThreads } from './threads';
