/**
 * The sample schema the warehouse integration tests seed: customers, products, orders and
 * order lines with foreign keys, in a schema of its own. Both dialects accept this text.
 */
export const SAMPLE_TABLES = ['customers', 'order_items', 'orders', 'products'];

export function sampleSchemaSql(dialect: 'postgres' | 'mysql'): string[] {
  const serial = dialect === 'postgres' ? 'integer PRIMARY KEY' : 'INT PRIMARY KEY';
  const text = (n: number) => `varchar(${n})`;
  return [
    `CREATE TABLE customers (id ${serial}, name ${text(80)} NOT NULL, region ${text(20)} NOT NULL, segment ${text(20)})`,
    `CREATE TABLE products (id ${serial}, name ${text(80)} NOT NULL, category ${text(40)} NOT NULL, price numeric(10,2) NOT NULL)`,
    `CREATE TABLE orders (id ${serial}, customer_id integer NOT NULL, ordered_at date NOT NULL, status ${text(20)} NOT NULL,
       CONSTRAINT orders_customer_fk FOREIGN KEY (customer_id) REFERENCES customers (id))`,
    `CREATE TABLE order_items (order_id integer NOT NULL, product_id integer NOT NULL, quantity integer NOT NULL, unit_price numeric(10,2) NOT NULL,
       PRIMARY KEY (order_id, product_id),
       CONSTRAINT items_order_fk FOREIGN KEY (order_id) REFERENCES orders (id),
       CONSTRAINT items_product_fk FOREIGN KEY (product_id) REFERENCES products (id))`,
    `INSERT INTO customers VALUES (1, 'Acme', 'Europe', 'Enterprise'), (2, 'Globex', 'Europe', 'SMB'), (3, 'Initech', 'Americas', NULL), (4, 'Umbrella', 'Asia', 'SMB')`,
    `INSERT INTO products VALUES (1, 'Widget', 'Hardware', 9.50), (2, 'Gadget', 'Hardware', 24.00), (3, 'Support plan', 'Services', 120.00)`,
    `INSERT INTO orders VALUES (1, 1, '2026-01-05', 'shipped'), (2, 2, '2026-01-17', 'shipped'), (3, 1, '2026-02-02', 'returned'), (4, 3, '2026-02-20', 'shipped'), (5, 4, '2026-03-01', 'open')`,
    `INSERT INTO order_items VALUES (1, 1, 10, 9.50), (1, 3, 1, 120.00), (2, 2, 3, 24.00), (3, 1, 2, 9.50), (4, 2, 5, 22.00), (5, 3, 2, 120.00)`,
  ];
}

export const randomDbName = () =>
  `catalyst_it_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
