import { describe, expect, it } from 'vitest';
import { budgetProblems, type Budget } from '../bundle-budget';

const budget: Budget = { name: 'Charts', holds: '/node_modules/charts/', maxBytes: 400_000 };
const chunk = (fileName: string, bytes: number, ...moduleIds: string[]) => ({ fileName, bytes, moduleIds });

describe('bundle budgets', () => {
  it('passes a chunk within its budget', () => {
    const chunks = [chunk('assets/charts-a.js', 399_000, '/app/node_modules/charts/core.js')];
    expect(budgetProblems(chunks, [budget])).toEqual([]);
  });

  it('names a chunk over its budget with both sizes', () => {
    const chunks = [
      chunk('assets/index.js', 900_000, '/app/src/main.tsx'),
      chunk('assets/charts-a.js', 1_124_630, '/app/node_modules/charts/core.js', '/app/src/x.ts'),
    ];
    expect(budgetProblems(chunks, [budget])).toEqual([
      'assets/charts-a.js (Charts) is 1124.6 kB, over its budget of 400.0 kB: import only the parts the app uses.',
    ]);
  });

  it('fails when no chunk holds what a budget is for, rather than checking nothing', () => {
    const chunks = [chunk('assets/index.js', 10, '/app/src/main.tsx')];
    expect(budgetProblems(chunks, [budget])).toEqual([
      'No chunk holds Charts (/node_modules/charts/): update its budget in bundle-budget.ts.',
    ]);
  });
});
