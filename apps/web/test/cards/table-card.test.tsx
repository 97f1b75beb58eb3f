import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableCard, visibleColumnCount } from '../../src/components/cards/table-card';
import type { CardModel } from '../../src/components/cards/types';
import { setViewportWidth } from '../setup';

const columns = Array.from({ length: 8 }, (_, i) => ({ key: `c${i}`, header: `Col ${i}` }));
const rows = (n: number) =>
  Array.from({ length: n }, (_, r) =>
    Object.fromEntries(columns.map((c, i) => [c.key, i === 0 ? `row ${r + 1}` : r * 10 + i])),
  );
const card = (n: number): CardModel => ({ type: 'table', data: { title: 'Orders', columns, data: rows(n) } });
const bodyRows = () => screen.getAllByRole('row').length - 1;

describe('table card', () => {
  it.each([
    [375, 2],
    [639, 2],
    [640, 3],
    [767, 3],
    [768, 4],
    [1023, 4],
    [1024, 5],
    [1279, 5],
    [1280, 6],
    [1920, 6],
  ])('at %i px shows %i columns', (width, count) => {
    expect(visibleColumnCount(width)).toBe(count);
  });

  it('pages by 10 rows and never shows fewer than 10', () => {
    render(<TableCard card={card(25)} />);
    expect(bodyRows()).toBe(10);
    expect(screen.queryByRole('button', { name: 'Show Less Rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load More Rows' }));
    expect(bodyRows()).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Rows' }));
    expect(bodyRows()).toBe(25);
    expect(screen.queryByRole('button', { name: 'Load More Rows' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less Rows' }));
    expect(bodyRows()).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show Less Rows' }));
    expect(bodyRows()).toBe(10);
    expect(screen.queryByRole('button', { name: 'Show Less Rows' })).toBeNull();
  });

  it('has no paging buttons for 10 rows or fewer', () => {
    render(<TableCard card={card(7)} />);
    expect(bodyRows()).toBe(7);
    expect(screen.queryByRole('button', { name: 'Load More Rows' })).toBeNull();
  });

  it('shows the width-dependent columns and all of them on Show All', () => {
    setViewportWidth(700);
    render(<TableCard card={card(3)} />);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
  });

  it('shows the empty text without rows', () => {
    render(<TableCard card={{ type: 'table', data: { title: 'Empty', columns, data: [] } }} />);
    expect(screen.getByText('No table data available')).toBeTruthy();
  });

  it('formats each column as its format says: money, percentages, plain numbers and period labels', () => {
    render(
      <TableCard
        card={{
          type: 'table',
          data: {
            title: 'Revenue by month',
            columns: [
              { key: 'm', header: 'Month' },
              { key: 'r', header: 'Revenue', format: { style: 'currency', currency: 'USD' } },
              { key: 'p', header: 'Margin', format: { style: 'percent' } },
              { key: 'n', header: 'Orders' },
            ],
            data: [
              { m: 'Oct 2026', r: 2202447.43, p: 0.3944, n: 4803 },
              { m: 'Nov 2026 (partial, to Nov 22)', r: 875.5, p: 0.4, n: 12.345 },
            ],
          },
        }}
      />,
    );
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      'Oct 2026',
      '$2,202,447',
      '39.4%',
      '4,803',
      'Nov 2026 (partial, to Nov 22)',
      '$875.50',
      '40%',
      '12.35',
    ]);
  });
});
