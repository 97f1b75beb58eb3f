// npm run eval:anomaly -- --set DIR --out FILE [--split SPLIT.json] [--half tune|check]: runs the
// detector over a set laid out like ../shared/eval/anomaly-dev (series/*.csv and windows.json),
// writes one alert a line and prints the score of score-anomaly.mjs beside the set. With --split
// (a JSON of series names: { "tune": [...], "check": [...] }, e.g. anomaly-dev-split.json here) it
// scores each half and the whole; --half runs one half only.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { detectSeriesAnomalies, type Sensitivity } from './detect-series';

const { values } = parseArgs({
  options: {
    set: { type: 'string' },
    out: { type: 'string' },
    sensitivity: { type: 'string' },
    split: { type: 'string' },
    half: { type: 'string' },
  },
});
if (!values.set || !values.out || (values.half && !['tune', 'check'].includes(values.half))) {
  console.error(
    'usage: npm run eval:anomaly -- --set DIR --out FILE [--split SPLIT.json] [--half tune|check]',
  );
  process.exit(2);
}
const set = resolve(values.set);
const windows = JSON.parse(readFileSync(join(set, 'windows.json'), 'utf8')) as Record<string, unknown>;
const split = values.split
  ? (JSON.parse(readFileSync(resolve(values.split), 'utf8')) as { tune: string[]; check: string[] })
  : null;
const halves: [string, string[]][] = split
  ? [
      ['tune', split.tune],
      ['check', split.check],
    ]
  : [];
const names = values.half ? halves.find(([h]) => h === values.half)![1] : Object.keys(windows);

const lines: string[] = [];
for (const name of names) {
  if (!(name in windows)) throw new Error(`${name} is in the split but not in ${set}/windows.json`);
  const rows = readFileSync(join(set, 'series', name), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim());
  const points: { t: string; v: number }[] = [];
  for (const row of rows) {
    const [t, v] = row.split(',');
    if (!t || v === undefined || !Number.isFinite(Number(v))) continue;
    points.push({ t: t.slice(0, 19), v: Number(v) });
  }
  const sensitivity = (values.sensitivity ?? 'balanced') as Sensitivity;
  for (const a of detectSeriesAnomalies(points, { sensitivity, seasonality: 'auto' }))
    lines.push(JSON.stringify({ series: name, timestamp: a.t.slice(0, 19).replace('T', ' ') }));
}
mkdirSync(dirname(resolve(values.out)), { recursive: true });
writeFileSync(values.out, lines.join('\n') + '\n');

const scorer = join(set, '..', 'score-anomaly.mjs');
/** Scores the alerts against the windows of `subset` only (a windows.json of those series beside a link to series/). */
function score(subset: string[] | null): string {
  if (!subset)
    return execFileSync('node', [scorer, join(set, 'windows.json'), resolve(values.out!)], {
      encoding: 'utf8',
    });
  const dir = mkdtempSync(join(tmpdir(), 'anomaly-half-'));
  try {
    symlinkSync(join(set, 'series'), join(dir, 'series'));
    writeFileSync(
      join(dir, 'windows.json'),
      JSON.stringify(Object.fromEntries(subset.map((n) => [n, windows[n]]))),
    );
    const keep = new Set(subset);
    writeFileSync(
      join(dir, 'alerts.jsonl'),
      lines.filter((l) => keep.has((JSON.parse(l) as { series: string }).series)).join('\n') + '\n',
    );
    return execFileSync('node', [scorer, join(dir, 'windows.json'), join(dir, 'alerts.jsonl')], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!split) process.stdout.write(score(null));
else {
  for (const [half, list] of halves) {
    if (values.half && values.half !== half) continue;
    process.stdout.write(`\n== ${half} (${list.length} series)\n${score(list)}`);
  }
  if (!values.half) process.stdout.write(`\n== all (${Object.keys(windows).length} series)\n${score(null)}`);
}
