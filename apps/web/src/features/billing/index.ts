export const loadBillingPage = () => import('./billing-page');
