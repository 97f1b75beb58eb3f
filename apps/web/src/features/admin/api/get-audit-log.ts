import type { TAuditEntry } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

/** A group's last 200 changes. */
export const useAuditLog = (groupId: number) =>
  useQuery({
    queryKey: adminKeys.audit(groupId),
    queryFn: () =>
      api
        .get<{ entries: TAuditEntry[] }>(`${ADMIN}/data-access/audit?groupId=${groupId}&limit=200`)
        .then((r) => r.entries),
  });
