import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricCard } from '../../src/components/cards/simple-cards';

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
});
