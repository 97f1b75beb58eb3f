import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricCard } from '../../src/components/cards/simple-cards';
import '../setup';

describe('metric card', () => {
  it('shows values, relative changes as percentages and string changes as they are', () => {
    render(
      <MetricCard
        card={{
          type: 'metric',
          data: {
            title: 'KPIs',
            metrics: [
              { label: 'Revenue', value: 5590787.41, change: 0.082, trend: 'up' },
              { label: 'Orders', value: '12,408', change: '-1.4%', trend: 'down' },
              { label: 'Margin', value: null, change: null },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText('5,590,787.41')).toBeTruthy();
    expect(screen.getByText('+8.2%')).toBeTruthy();
    expect(screen.getByText('-1.4%')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(document.body.textContent).not.toContain('NaN');
  });

  it('shows money in its currency and the comparison its title promises: previous value and change', () => {
    render(
      <MetricCard
        card={{
          type: 'metric',
          data: {
            title: 'Total Revenue · last month · vs previous period',
            metrics: [
              {
                label: 'Total Revenue',
                value: 2202447.43,
                format: { style: 'currency', currency: 'USD' },
                previous: 2027165.04,
                previousLabel: 'Sep 1–30, 2026',
                change: 0.0864667,
                trend: 'up',
              },
              {
                label: 'Revenue (EUR)',
                value: 950.5,
                format: { style: 'currency', currency: 'EUR' },
                change: -0.021,
                trend: 'down',
              },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText('$2,202,447')).toBeTruthy();
    expect(screen.getByText('+8.6%')).toBeTruthy();
    expect(screen.getByText('vs Sep 1–30, 2026:').textContent).toBe('vs Sep 1–30, 2026: $2,027,165');
    expect(screen.getByText('€950.50')).toBeTruthy();
    expect(screen.getByText('-2.1%')).toBeTruthy();
  });

  it('shows a rate as a percentage and its change in points', () => {
    render(
      <MetricCard
        card={{
          type: 'metric',
          data: {
            title: 'Profit Margin · this year · vs last year',
            metrics: [
              {
                label: 'Profit Margin',
                value: 0.3932,
                format: { style: 'percent' },
                previous: 0.3891,
                previousLabel: 'Jan 1 – Nov 22, 2025',
                change: 0.0105,
                trend: 'up',
              },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText('39.3%')).toBeTruthy();
    expect(screen.getByText('+0.4 pts')).toBeTruthy();
    expect(screen.getByText(/vs Jan 1 – Nov 22, 2025/).textContent).toBe('vs Jan 1 – Nov 22, 2025: 38.9%');
  });

  it('says "no data" when the comparison period had none', () => {
    render(
      <MetricCard
        card={{
          type: 'metric',
          data: {
            title: 'Revenue · February · vs previous period',
            metrics: [
              { label: 'Revenue', value: 10, previous: null, previousLabel: 'Jan 1–31, 2026', change: null },
            ],
          },
        }}
      />,
    );
    expect(screen.getByText(/vs Jan 1–31, 2026/).textContent).toBe('vs Jan 1–31, 2026: no data');
  });
});
