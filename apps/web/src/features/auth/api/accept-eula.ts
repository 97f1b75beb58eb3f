import type { TMessageResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

/** Records the licence acceptance for the user who just signed in (their session cookie is set). */
export function acceptEula(): Promise<TMessageResponse> {
  return api.post<TMessageResponse>('/api/v1/accept/eula', {}, { justSignedIn: true });
}
