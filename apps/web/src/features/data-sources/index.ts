export const loadDataSourcesPage = () => import('./data-sources-page');
