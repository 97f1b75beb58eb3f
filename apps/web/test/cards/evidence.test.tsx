import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextCard } from '../../src/components/cards/simple-cards';
import '../setup';

const evidence = {
  reading: 'Total Revenue by Region · last month',
  sql: 'SELECT t0."region", SUM(t0."revenue")\nFROM "orders" AS t0\nWHERE t0."order_date" >= CAST(? AS DATE) AND t0."country" = ?',
  displaySql:
    'SELECT t0."region", SUM(t0."revenue")\nFROM "orders" AS t0\nWHERE t0."order_date" >= CAST(\'2026-10-01\' AS DATE) AND t0."country" = \'Côte d\'\'Ivoire\'',
  periods: ['last month = Oct 1–31, 2026', 'data covers Nov 22, 2024 – Nov 22, 2026'],
  rowCount: 5,
  tables: ['orders'],
  freshness: null,
};

describe('evidence', () => {
  it('shows the SQL with its values inlined, says they ran bound, and lists the resolved periods', () => {
    render(
      <TextCard card={{ type: 'text', data: { title: 'What the data says', content: ['x'], evidence } }} />,
    );
    expect(screen.queryByText(/CAST\('2026-10-01'/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Evidence' }));
    const sql = screen.getByText(/SELECT/);
    expect(sql.textContent).toBe(evidence.displaySql);
    expect(sql.textContent).not.toContain('?');
    expect(screen.getByText(/ran with them as bound parameters/)).toBeTruthy();
    expect(screen.getByText('last month = Oct 1–31, 2026')).toBeTruthy();
    expect(screen.getByText('data covers Nov 22, 2024 – Nov 22, 2026')).toBeTruthy();
  });

  it('falls back to the bound SQL for evidence saved before values were inlined', () => {
    const { displaySql: _, periods: __, ...old } = evidence;
    render(<TextCard card={{ type: 'text', data: { title: 'T', content: ['x'], evidence: old } }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Evidence' }));
    expect(screen.getByText(/SELECT/).textContent).toBe(evidence.sql);
    expect(screen.queryByText(/bound parameters/)).toBeNull();
    expect(screen.queryByText('Periods')).toBeNull();
  });
});
