import { DuckDbWarehouse, type Warehouse } from '@catalyst/engine';
import type { WarehouseRegistry } from '../../src/warehouses/registry';
import { AppError } from '../../src/lib/errors';

/** A small orders table with the shapes profiling must recognise (ids, codes, dates, categories, measures). */
export async function retailWarehouse(): Promise<DuckDbWarehouse> {
  const warehouse = await DuckDbWarehouse.create();
  const regions = ['Europe', 'Asia', 'North America'];
  const segments = ['Consumer', 'Corporate', 'Small Business'];
  const rows: unknown[][] = [];
  for (let i = 1; i <= 120; i++) {
    const quantity = (i % 7) + 1;
    const price = 10 + (i % 5) * 2.5;
    rows.push([
      i,
      `2026-${String(((i - 1) % 12) + 1).padStart(2, '0')}-15`,
      regions[i % 3],
      segments[i % 3 === 0 ? 0 : (i % 2) + 1],
      `P-${100 + (i % 9)}`,
      quantity,
      price,
      quantity * price,
      quantity * price * 0.6,
      i % 10 === 0,
    ]);
  }
  await warehouse.loadRows(
    'orders',
    [
      { name: 'order_id', type: 'INTEGER' },
      { name: 'order_date', type: 'DATE' },
      { name: 'region', type: 'VARCHAR' },
      { name: 'cust_seg', type: 'VARCHAR' },
      { name: 'product_code', type: 'VARCHAR' },
      { name: 'qty', type: 'INTEGER' },
      { name: 'unit_price', type: 'DOUBLE' },
      { name: 'revenue', type: 'DOUBLE' },
      { name: 'cost', type: 'DOUBLE' },
      { name: 'returned', type: 'BOOLEAN' },
    ],
    rows,
  );
  return warehouse;
}

/** Connection `connId` of organisation `orgId` is the given warehouse; anything else is not found. */
export function singleWarehouseRegistry(
  warehouse: Warehouse,
  owner: { orgId: number; connId: number },
): WarehouseRegistry {
  return {
    async open({ orgId, connId }) {
      if (orgId !== owner.orgId || connId !== owner.connId)
        throw new AppError('NOT_FOUND', `Connection ${connId} was not found.`);
      // The test shares one warehouse across calls: closing is the test's job.
      return {
        dialect: warehouse.dialect,
        listSchemas: () => warehouse.listSchemas(),
        listTables: (schema) => warehouse.listTables(schema),
        describeColumns: (schema, table) => warehouse.describeColumns(schema, table),
        listForeignKeys: (schema) => warehouse.listForeignKeys(schema),
        sampleValues: (schema, table, column, limit) => warehouse.sampleValues(schema, table, column, limit),
        query: (sql, options) => warehouse.query(sql, options),
        close: async () => {},
      };
    },
  };
}
