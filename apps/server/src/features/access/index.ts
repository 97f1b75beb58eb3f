// Importing the feature brings its tables into the app's Database type (declaration merging).
import './tables';

export { auditedWarehouse, listAuditEntries } from './audit';
export { admitToSource, assertCanChangeSource, guardWarehouses } from './data-access';
export { assertUseCaseResultsVisible, hiddenUseCases } from './stored-results';
export { type RoleRow } from './tables';
