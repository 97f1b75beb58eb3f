// Importing the feature brings its tables into the app's Database type (declaration merging).
import './tables';

export { createDataSources, type DataSources } from './context';
export { importCsvFiles } from './import-files';
export { dataSourceRoutes } from './routes';
export { openWarehouse } from './service';
