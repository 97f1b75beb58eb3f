export { type DecisionDraft, MakeDecisionDialog } from './make-decision-dialog';
export const loadDecisionsPage = () => import('./decisions-page');
export const loadDecisionDetailPage = () => import('./decision-detail-page');
