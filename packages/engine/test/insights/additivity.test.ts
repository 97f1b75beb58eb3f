import { describe, expect, it } from 'vitest';
import { aggregationOf } from '../../src/insights';

describe('only additive measures are summed', () => {
  it.each([
    ['revenue', 'DOUBLE'],
    ['quantity', 'BIGINT'],
    ['profit', 'DOUBLE'],
    ['cost', 'DOUBLE'],
    ['units_sold', 'INTEGER'],
    ['discount_amount', 'DOUBLE'],
    ['order_value', 'DOUBLE'],
    ['hours_worked', 'DOUBLE'],
  ])('sums %s', (name, type) => {
    expect(aggregationOf({ name, type, distinctCount: 500, rowCount: 10_000 })).toBe('sum');
  });

  it.each([
    ['temperature', 'DOUBLE'],
    ['max_temperature_f', 'DOUBLE'],
    ['unit_price', 'DOUBLE'],
    ['Price', 'DOUBLE'],
    ['discount', 'DOUBLE'],
    ['conversion_rate', 'DOUBLE'],
    ['churnPct', 'DOUBLE'],
    ['profit_margin', 'DOUBLE'],
    ['satisfaction_score', 'INTEGER'],
    ['account_balance', 'DOUBLE'],
    ['inventory_level', 'INTEGER'],
    ['unit_cost', 'DOUBLE'],
    ['revenue_per_order', 'DOUBLE'],
    ['avg_basket', 'DOUBLE'],
    ['close', 'DOUBLE'],
    ['customer_age', 'INTEGER'],
    ['humidity', 'DOUBLE'],
  ])('averages %s, which does not add up over rows', (name, type) => {
    expect(aggregationOf({ name, type, distinctCount: 500, rowCount: 10_000 })).toBe('avg');
  });

  it('reads the business label as well as the column name', () => {
    expect(aggregationOf({ name: 'reading', label: 'Water Temperature' })).toBe('avg');
    expect(aggregationOf({ name: 'amt', label: 'Amount' })).toBe('sum');
  });

  it.each([
    ['order_id', 'INTEGER'],
    ['customerId', 'BIGINT'],
    ['zip_code', 'INTEGER'],
    ['year', 'INTEGER'],
    ['birth_year', 'INTEGER'],
    ['month', 'INTEGER'],
    ['latitude', 'DOUBLE'],
    ['phone_number', 'BIGINT'],
    ['invoice_no', 'INTEGER'],
  ])('skips %s: an identifier or a calendar number is not a measure', (name, type) => {
    expect(aggregationOf({ name, type, distinctCount: 500, rowCount: 10_000 })).toBe('skip');
  });

  it('skips a key, and an integer column whose every value is distinct, whatever its name', () => {
    expect(aggregationOf({ name: 'revenue', isKey: true })).toBe('skip');
    expect(aggregationOf({ name: 'ticket', type: 'INTEGER', distinctCount: 9_990, rowCount: 10_000 })).toBe(
      'skip',
    );
    // Money is often all distinct too: only integers are read as identifiers.
    expect(aggregationOf({ name: 'revenue', type: 'DOUBLE', distinctCount: 9_990, rowCount: 10_000 })).toBe(
      'sum',
    );
  });
});
