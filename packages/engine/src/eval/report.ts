// One command for every figure of Catalyst AI's understanding: each slice (Spider
// single_table+agg, Spider all, defog, the demo paraphrases, the fresh demo and fresh domains sets
// (tune halves only), the held-out other domains and the second held-out set) on its tune and
// check halves, plus the suggestion round trip over the demo paraphrases.
// Usage: npm run eval:report -- [--json FILE] [--slices spider-agg,defog,...] [--no-roundtrip]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatRoundTrip, roundTrip, DEMO_SET_DIR, type RoundTrip } from './roundtrip';
import { measureSlices, SLICES, type SliceResult } from './slices';

export function formatTable(results: SliceResult[]): string {
  const header = ['slice', 'half', 'questions', 'accuracy', 'wrong', 'declined', 'plan p50'];
  const rows = results.map((r) => {
    const s = r.score;
    return [
      r.label,
      r.half,
      s ? String(s.total) : '0',
      s ? `${s.accuracy.toFixed(1)}% (${s.correct})` : '—',
      s ? `${s.wrongRate.toFixed(1)}% (${s.wrong})` : '—',
      s ? `${s.declinedRate.toFixed(1)}% (${s.declined})` : '—',
      s ? `${s.planP50Ms.toFixed(2)} ms` : '—',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

if (process.argv[1]?.endsWith('report.ts')) {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      slices: { type: 'string' },
      'no-roundtrip': { type: 'boolean' },
    },
  });
  const keys = values.slices ? values.slices.split(',') : SLICES.map((s) => s.key);
  const started = Date.now();
  const results = await measureSlices(keys, undefined, (text) => console.error(text));
  let trip: RoundTrip | null = null;
  if (!values['no-roundtrip']) trip = await roundTrip(DEMO_SET_DIR);
  console.log(formatTable(results));
  if (trip) console.log(`\nsuggestion round trip (demo paraphrases): ${formatRoundTrip(trip)}`);
  console.error(`report in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    const { details: _details, ...roundtrip } = trip ?? { details: [] };
    writeFileSync(
      values.json,
      JSON.stringify(
        { measuredAt: new Date().toISOString(), results, roundtrip: trip ? roundtrip : null },
        null,
        2,
      ) + '\n',
    );
  }
}
