export const loadDocumentsPage = () => import('./documents-page');
