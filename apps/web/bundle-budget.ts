// Size budgets for the built app, checked by every `vite build` (npm run build, npm start, the
// browser tests' build): a chunk over its budget fails the build with the figures.
import type { Plugin } from 'vite';

export interface Budget {
  /** What the chunk holds, for the message. */
  name: string;
  /** The chunk is the one holding a module whose id contains this. */
  holds: string;
  /** Minified bytes, as Vite counts kB (1 kB = 1000 bytes). */
  maxBytes: number;
}

/**
 * The chart card draws with Chart.js (bar, line, pie as a doughnut, scatter; tooltip, legend and
 * slice labels), 185 kB minified in its own lazy chunk. ECharts drew the same charts in 575 kB
 * (`echarts/core` and its canvas renderer alone were 384 kB), over the 400 kB.
 */
const BUDGETS: Budget[] = [{ name: 'Chart.js', holds: '/node_modules/chart.js/', maxBytes: 400_000 }];

interface BuiltChunk {
  fileName: string;
  moduleIds: string[];
  bytes: number;
}

/** What is wrong with the chunks against the budgets: none over, and each budget finds its chunk. */
export function budgetProblems(chunks: BuiltChunk[], budgets: Budget[] = BUDGETS): string[] {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return budgets.flatMap((budget) => {
    const holding = chunks.filter((c) => c.moduleIds.some((id) => id.includes(budget.holds)));
    if (holding.length === 0)
      return [`No chunk holds ${budget.name} (${budget.holds}): update its budget in bundle-budget.ts.`];
    return holding
      .filter((c) => c.bytes > budget.maxBytes)
      .map(
        (c) =>
          `${c.fileName} (${budget.name}) is ${kB(c.bytes)}, over its budget of ${kB(budget.maxBytes)}: ` +
          'import only the parts the app uses.',
      );
  });
}

export function bundleBudget(budgets: Budget[] = BUDGETS): Plugin {
  return {
    name: 'catalyst-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                fileName: item.fileName,
                moduleIds: item.moduleIds.map((id) => id.replaceAll('\\', '/')),
                bytes: Buffer.byteLength(item.code),
              },
            ]
          : [],
      );
      const problems = budgetProblems(chunks, budgets);
      if (problems.length) this.error(problems.join('\n'));
    },
  };
}
