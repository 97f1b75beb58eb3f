export type { DecisionDraft } from './make-decision-dialog';
// Loaded when a decision is made: its form (react-hook-form, zod) stays out of the shell's code.
export const loadMakeDecisionDialog = () => import('./make-decision-dialog');
export const loadDecisionsPage = () => import('./decisions-page');
export const loadDecisionDetailPage = () => import('./decision-detail-page');
