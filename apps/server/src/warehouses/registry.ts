import type { Warehouse } from '@catalyst/engine';

/**
 * Opens the warehouse of a data-source connection for an organisation. The data-sources feature
 * implements it; other features (use cases, conversations, recommendations) read customer data
 * only through it. The caller closes what it opens.
 */
export interface WarehouseRegistry {
  open(input: { orgId: number; connId: number }): Promise<Warehouse>;
}
