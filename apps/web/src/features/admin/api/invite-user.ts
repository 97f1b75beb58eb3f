import type { TInviteUser } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

/** Creates the user and mails them a link to set their password. */
export const inviteUser = (body: TInviteUser) =>
  api.post<{ id: number; username: string; email: string }>(`${ADMIN}/users`, body);
