export { RecentConversations } from './recent-conversations';
export const loadConversationPage = () => import('./conversation-page');
export const loadRecentConversationsPage = () => import('./recent-conversations-page');
