import { api } from '../../../lib/api';

/** A database, warehouse or API connection; the fields follow its type (spec document 3). */
export type ConnectionBody = Record<string, unknown>;

export const addConnection = (body: ConnectionBody) => api.post('/api/copilot/db_conn/add_db_conn', body);
