// `npm run bench`: every benchmark of Catalyst in one run, then a summary table of each figure
// against its target (the targets of the issues that asked for them). Benchmarks measure, they
// never fail a build: the exit code is 0 unless a benchmark could not run at all.
//
//   npm run bench [-- --quick] [-- --large] [-- --only csv,engine,sockets,bundle,eval]
//
// --quick runs smaller sizes (200 sockets, 2 M rows, 1 CSV trial) to check the harness itself.
// --large adds the ~1 GB CSV ingest, whose peak RSS growth has a target of its own.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const evalDir = process.env.CATALYST_EVAL_DIR ?? path.resolve(root, '../shared/eval');
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    large: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const only = values.only ? new Set(values.only.split(',')) : null;
const wanted = (name: string) => !only || only.has(name);

interface Row {
  bench: string;
  figure: string;
  value: string;
  target: string;
  met: boolean | null;
}
const rows: Row[] = [];
let broken = 0;

function section(title: string) {
  console.log(`\n=== ${title} ===`);
}

/** Runs a benchmark script with tsx, streams its output, returns the BENCH_RESULT object. */
function runBench(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Record<string, number> | null {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(result.stdout ?? '');
  const line = (result.stdout ?? '').split('\n').find((l) => l.startsWith('BENCH_RESULT '));
  if (result.status !== 0 || !line) {
    console.error(`${script} did not finish (exit ${result.status})`);
    broken++;
    return null;
  }
  return JSON.parse(line.slice('BENCH_RESULT '.length)) as Record<string, number>;
}

const fixed = (n: number, digits = 2) => n.toFixed(digits);
const add = (bench: string, figure: string, value: string, target: string, met: boolean | null) =>
  rows.push({ bench, figure, value, target, met });

if (wanted('csv')) {
  section('CSV ingest vs raw DuckDB (1,000,000 rows)');
  const r = runBench('bench/csv-ingest/run.ts', values.quick ? ['--trials', '1'] : []);
  if (r) {
    add('csv ingest', 'Catalyst / DuckDB speed ratio, 1M rows', fixed(r.ratio!), '≥ 0.70', r.ratio! >= 0.7);
    add(
      'csv ingest',
      'rows/s over HTTP',
      Math.round(r.rows! / (r.catalystMs! / 1000)).toLocaleString('en'),
      '—',
      null,
    );
    add('csv ingest', 'server peak RSS growth, 1M rows', `${fixed(r.peakRssGrowthMb!, 0)} MB`, '—', null);
  }
  if (values.large) {
    section('CSV ingest, ~1 GB file');
    const big = runBench('bench/csv-ingest/run.ts', ['--large']);
    if (big) {
      add(
        'csv ingest',
        `Catalyst / DuckDB speed ratio, ${fixed(big.mb!, 0)} MB`,
        fixed(big.ratio!),
        '—',
        null,
      );
      add(
        'csv ingest',
        `server peak RSS growth, ${fixed(big.mb!, 0)} MB file`,
        `${fixed(big.peakRssGrowthMb!, 0)} MB`,
        '< 300 MB',
        big.peakRssGrowthMb! < 300,
      );
    }
  }
}

if (wanted('engine')) {
  section('Catalyst AI engine');
  const r = runBench('bench/engine/run.ts', [], values.quick ? { BENCH_ROWS: '2000000' } : {});
  if (r) {
    add(
      'engine',
      `time to a plan, p50 (${r.planQuestions} questions)`,
      `${fixed(r.planP50Ms!)} ms`,
      '< 5 ms',
      r.planP50Ms! < 5,
    );
    add('engine', 'time to a plan, p99', `${fixed(r.planP99Ms!)} ms`, '—', null);
    add(
      'engine',
      `aggregate answer vs hand-written SQL, ${(r.rows! / 1e6).toFixed(0)}M rows`,
      `${fixed(r.answerRatio!)}× (${fixed(r.engineMs!, 0)} vs ${fixed(r.handMs!, 0)} ms)`,
      '≤ 1.30×',
      r.answerRatio! <= 1.3,
    );
  }
}

if (wanted('sockets')) {
  const clients = values.quick ? 200 : 1000;
  section(`${clients} concurrent sockets, thread list vs hello world`);
  const r = runBench('bench/conversations/run.ts', [
    '--clients',
    String(clients),
    '--seconds',
    values.quick ? '3' : '10',
  ]);
  if (r) {
    add('conversations', `errors with ${r.clients} sockets`, String(r.errors), '0', r.errors === 0);
    add(
      'conversations',
      'time to first chunk p50 / p95 / p99',
      `${fixed(r.firstChunkP50Ms!, 0)} / ${fixed(r.firstChunkP95Ms!, 0)} / ${fixed(r.firstChunkP99Ms!, 0)} ms`,
      '—',
      null,
    );
    add(
      'conversations',
      'time to chunk-end p50 / p95 / p99',
      `${fixed(r.chunkEndP50Ms!, 0)} / ${fixed(r.chunkEndP95Ms!, 0)} / ${fixed(r.chunkEndP99Ms!, 0)} ms`,
      '—',
      null,
    );
    add(
      'conversations',
      'thread list / hello world req/s',
      `${fixed(r.threadListRatio!)} (${fixed(r.threadListRps!, 0)} vs ${fixed(r.helloRps!, 0)})`,
      '≥ 0.50',
      r.threadListRatio! >= 0.5,
    );
  }
}

if (wanted('bundle')) {
  section('web bundle');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('the web app did not build');
    broken++;
  } else {
    const dist = path.join(root, 'apps/web/dist');
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    // What the first page load fetches: the entry script and the chunks it preloads.
    const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    const initialGzip = initial.reduce((sum, f) => sum + gzip(f), 0);
    const chunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    // Chart.js's chunk: named after the card's chartjs.ts, or known by a message of Chart.js's own.
    const chartChunk = chunks.find(
      (f) =>
        /^chartjs-/.test(f) ||
        fs
          .readFileSync(path.join(dist, 'assets', f), 'utf8')
          .includes("Failed to create chart: can't acquire"),
    );
    console.log(
      `initial JS: ${initial.join(', ')} — ${(initialGzip / 1024).toFixed(1)} KB gzip; chart library chunk: ${chartChunk ?? 'none found'}`,
    );
    add(
      'web bundle',
      'initial JS (gzip)',
      `${(initialGzip / 1024).toFixed(1)} KB`,
      '≤ 250 KB',
      initialGzip <= 250 * 1024,
    );
    const lazy = chartChunk !== undefined && !initial.includes(`assets/${chartChunk}`);
    add(
      'web bundle',
      'chart library in its own lazy chunk',
      chartChunk
        ? `${chartChunk} (${(gzip(`assets/${chartChunk}`) / 1024).toFixed(0)} KB gzip)`
        : 'not found',
      'yes, not initial',
      lazy,
    );
  }
}

if (wanted('eval')) {
  section('evaluation scores');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-eval-'));
  const score = (set: string, tags: string[], now?: string) => {
    const out = path.join(tmp, `${set}.jsonl`);
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'packages/engine/src/eval/run.ts'),
        '--set',
        path.join(evalDir, set),
        '--out',
        out,
        ...(tags.length ? ['--tags', tags.join(',')] : []),
        ...(now ? ['--now', now] : []),
      ],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    process.stdout.write(run.stdout ?? '');
    if (run.status !== 0) return null;
    const json = spawnSync(
      'node',
      [
        path.join(evalDir, 'score.mjs'),
        path.join(evalDir, set, 'questions.jsonl'),
        out,
        ...(tags.length ? ['--tags', tags.join(',')] : []),
        '--json',
      ],
      { encoding: 'utf8' },
    );
    return JSON.parse(json.stdout) as {
      accuracy: number;
      precision_when_answered: number;
      wrong_answer_rate: number;
    };
  };
  const slice = score('spider-train', ['single_table', 'agg']);
  if (slice) {
    add(
      'eval',
      'spider-train single_table+agg accuracy',
      `${slice.accuracy}%`,
      '≥ 60% (goal 85%)',
      slice.accuracy >= 60,
    );
    add(
      'eval',
      'spider-train single_table+agg wrong answers',
      `${slice.wrong_answer_rate}%`,
      '≤ 5% (goal 3%)',
      slice.wrong_answer_rate <= 5,
    );
  } else broken++;
  const all = score('spider-train', []);
  if (all)
    add(
      'eval',
      'spider-train all: accuracy · precision · wrong',
      `${all.accuracy}% · ${all.precision_when_answered}% · ${all.wrong_answer_rate}%`,
      '—',
      null,
    );
  const defog = score('defog-dev', [], '2026-11-22');
  if (defog)
    add(
      'eval',
      'defog-dev: accuracy · precision · wrong',
      `${defog.accuracy}% · ${defog.precision_when_answered}% · ${defog.wrong_answer_rate}%`,
      '—',
      null,
    );
  const anomalyOut = path.join(tmp, 'anomaly.jsonl');
  const anomaly = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'packages/engine/src/insights/eval-anomaly.ts'),
      '--set',
      path.join(evalDir, 'anomaly-dev'),
      '--out',
      anomalyOut,
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.stdout.write(anomaly.stdout ?? '');
  if (anomaly.status === 0) {
    const families = JSON.parse(
      spawnSync(
        'node',
        [
          path.join(evalDir, 'score-anomaly.mjs'),
          path.join(evalDir, 'anomaly-dev/windows.json'),
          anomalyOut,
          '--json',
        ],
        { encoding: 'utf8' },
      ).stdout,
    ) as { family: string; f1: number; falsePer1k: number }[];
    const total = families.find((f) => f.family === 'TOTAL')!;
    add('eval', 'anomaly-dev F1', fixed(total.f1), '≥ 0.40', total.f1 >= 0.4);
    add(
      'eval',
      'anomaly-dev false alerts per 1,000 points',
      fixed(total.falsePer1k),
      '≤ 2',
      total.falsePer1k <= 2,
    );
  } else broken++;
  fs.rmSync(tmp, { recursive: true, force: true });
}

section('summary');
const table = [
  ['benchmark', 'figure', 'measured', 'target', 'result'],
  ...rows.map((r) => [r.bench, r.figure, r.value, r.target, r.met === null ? '' : r.met ? 'met' : 'MISSED']),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((cells) => cells[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(table[0]!));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const cells of table.slice(1)) console.log(line(cells));
const missed = rows.filter((r) => r.met === false).length;
console.log(
  `\n${rows.length} figures, ${rows.filter((r) => r.met).length} targets met, ${missed} missed${broken ? `, ${broken} benchmark(s) did not run` : ''}`,
);
process.exit(broken ? 1 : 0);
