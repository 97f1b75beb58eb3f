import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const resendInvitation = (id: number) =>
  api.post<{ status: 'Success' }>(`${ADMIN}/users/${id}/invitation`);
