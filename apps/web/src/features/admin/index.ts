export const loadAdminPage = () => import('./admin-page');
