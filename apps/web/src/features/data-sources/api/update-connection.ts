import { api } from '../../../lib/api';
import type { ConnectionBody } from './add-connection';

export const updateConnection = (body: ConnectionBody & { conn_id: number }) =>
  api.post('/api/copilot/db_conn/update_db_conn', body);
