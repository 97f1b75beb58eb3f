import { api } from '../../../lib/api';

export const deleteConnection = (connId: number) =>
  api.post('/api/copilot/db_conn/delete_db_conn', { conn_id: connId });
