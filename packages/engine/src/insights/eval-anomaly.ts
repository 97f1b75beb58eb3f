// npm run eval:anomaly -- --set DIR --out FILE: runs the detector over a set laid out like
// ../shared/eval/anomaly-dev (series/*.csv and windows.json), writes one alert a line and prints
// the score of score-anomaly.mjs beside the set.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { detectSeriesAnomalies, type Sensitivity } from './detect-series';

const { values } = parseArgs({
  options: { set: { type: 'string' }, out: { type: 'string' }, sensitivity: { type: 'string' } },
});
if (!values.set || !values.out) {
  console.error('usage: npm run eval:anomaly -- --set DIR --out FILE');
  process.exit(2);
}
const set = resolve(values.set);
const windows = JSON.parse(readFileSync(join(set, 'windows.json'), 'utf8')) as Record<string, unknown>;
const lines: string[] = [];
for (const name of Object.keys(windows)) {
  const rows = readFileSync(join(set, 'series', name), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim());
  const times: string[] = [];
  const series: number[] = [];
  for (const row of rows) {
    const [t, v] = row.split(',');
    if (!t || v === undefined || !Number.isFinite(Number(v))) continue;
    times.push(t.slice(0, 19));
    series.push(Number(v));
  }
  const points = times.map((t, i) => ({ t, v: series[i]! }));
  const sensitivity = (values.sensitivity ?? 'balanced') as Sensitivity;
  for (const a of detectSeriesAnomalies(points, { sensitivity, seasonality: 'auto' }))
    lines.push(JSON.stringify({ series: name, timestamp: a.t.slice(0, 19).replace('T', ' ') }));
}
mkdirSync(dirname(resolve(values.out)), { recursive: true });
writeFileSync(values.out, lines.join('\n') + '\n');
process.stdout.write(
  execFileSync(
    'node',
    [join(set, '..', 'score-anomaly.mjs'), join(set, 'windows.json'), resolve(values.out)],
    { encoding: 'utf8' },
  ),
);
