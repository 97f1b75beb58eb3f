// catalyst-ask --data DIR|FILE.duckdb "question" [--json] [--now YYYY-MM-DD] [--threshold 0.5]
//              [--llm-base-url URL --llm-model NAME [--llm-api-key-file FILE]]
// Answers one question over a directory of CSV files (or a DuckDB file) and prints the
// reading, the SQL and the result; --json prints the whole answer object. With --llm-* it asks
// an OpenAI-compatible endpoint for the plan (the key is read from a file, never from argv).
import { readFileSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadDataDir } from './eval/load';
import { DuckDbWarehouse } from './warehouse/duckdb';
import { buildSemanticModel } from './model/build';
import { answerOnce } from './answer/answer';
import type { LlmConfig } from './llm/client';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string' },
    json: { type: 'boolean' },
    now: { type: 'string' },
    threshold: { type: 'string' },
    'llm-base-url': { type: 'string' },
    'llm-model': { type: 'string' },
    'llm-api-key-file': { type: 'string' },
    help: { type: 'boolean' },
  },
});
const USAGE =
  'usage: catalyst-ask --data DIR|FILE.duckdb "question" [--json] [--now YYYY-MM-DD] [--threshold 0.5] [--llm-base-url URL --llm-model NAME [--llm-api-key-file FILE]]';
const question = positionals.join(' ');
if (values.help || !values.data || !values['llm-base-url'] !== !values['llm-model']) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
const llm: LlmConfig | null = values['llm-base-url']
  ? {
      baseUrl: values['llm-base-url'].replace(/\/+$/, ''),
      model: values['llm-model']!,
      apiKey: values['llm-api-key-file']
        ? readFileSync(values['llm-api-key-file'], 'utf8').trim()
        : undefined,
      timeoutMs: 15_000,
    }
  : null;

const source = values.data;
const { warehouse, model } = statSync(source).isDirectory()
  ? await loadDataDir(source)
  : await (async () => {
      const w = await DuckDbWarehouse.create({ path: source });
      return { warehouse: w, model: await buildSemanticModel(w) };
    })();
try {
  const answer = await answerOnce({
    question,
    model,
    warehouse,
    llm,
    now: values.now ? new Date(`${values.now}T12:00:00Z`) : new Date(),
    threshold: values.threshold ? Number(values.threshold) : 0.5,
  });
  if (values.json) {
    console.log(JSON.stringify(answer, null, 2));
  } else {
    console.log(
      `${answer.status === 'answered' ? 'Reading' : 'Declined'}: ${answer.reading || answer.message} (confidence ${answer.confidence.toFixed(2)})`,
    );
    if (answer.sql)
      console.log(
        `\n${answer.sql}\n${answer.params.length ? `-- params: ${JSON.stringify(answer.params)}\n` : ''}`,
      );
    if (answer.columns.length) {
      console.table(
        answer.rows.slice(0, 20).map((r) => Object.fromEntries(answer.columns.map((c, i) => [c, r[i]]))),
      );
      if (answer.rows.length > 20) console.log(`… ${answer.rows.length - 20} more rows`);
    }
    for (const card of answer.cards) {
      if (card.type === 'text')
        console.log(card.data.content?.map((l) => `• ${l.replace(/\*\*/g, '')}`).join('\n'));
      if (card.type === 'action')
        console.log(
          `${card.data.title}\n${card.data.actions.map((a) => `  → ${a.label}: "${a.question}"`).join('\n')}`,
        );
    }
  }
  process.exitCode = answer.status === 'error' ? 1 : 0;
} finally {
  await warehouse.close();
}
