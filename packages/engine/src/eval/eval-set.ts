// An evaluation set as the runner, the report and the CI check open it: its questions, its
// settings (clock, confidence threshold), and its databases. A set either ships its data
// (`dbs/<db_id>/*.csv`, as the shared Spider and defog sets do) or names a deterministic
// generator in set.json (our demo and held-out sets): the data is then generated into a
// temporary directory on open and removed on close, so no generated CSV is ever committed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { loadDataDir } from './load';
import { generateDomains } from './domains/generate-domains';
import { generateDomainsFresh } from './domains/generate-domains-fresh';
import { generateHeldOut2 } from './domains/generate-held-out-2';
import { generateMultiFresh } from './domains/generate-multi-fresh';
import { generateRetailDemo } from '../demo/retail-demo';
import { demoDerivedMetrics } from '../demo/demo-metrics';
import type { DuckDbWarehouse } from '../warehouse/duckdb';
import type { SemanticModel } from '../model/types';

/** The day relative questions of every set were materialised for ("in the past 30 days"). */
export const EVAL_TODAY = '2026-11-22';

export interface EvalQuestion {
  id: string;
  db_id: string;
  question: string;
  gold_sql: string;
  gold_columns: string[];
  gold_rows: unknown[][];
  ordered: boolean;
  tags: string[];
  /** Our own sets: the information need; every wording of it shares the group. */
  group?: string;
}

/** set.json of a set that generates its data. */
export interface SetConfig {
  /** Which deterministic generator writes `dbs/<db_id>/` (see GENERATORS). */
  generator?: keyof typeof GENERATORS;
  /** The engine's clock, YYYY-MM-DD (the data's generation end for the demo). */
  now?: string;
  /** The AI confidence threshold the product uses for such data, 0–1. */
  threshold?: number;
  /** Only a check half: never tuned on. */
  checkOnly?: boolean;
  /** The database of groups that name none (groups.json). */
  db?: string;
}

export interface OpenedDb {
  warehouse: DuckDbWarehouse;
  model: SemanticModel;
}

export interface EvalSet {
  name: string;
  dir: string;
  questionsPath: string;
  questions: EvalQuestion[];
  config: Required<Omit<SetConfig, 'generator' | 'db'>> & Pick<SetConfig, 'generator' | 'db'>;
  /** Loads one database into a fresh DuckDB with its automatically built model. */
  openDb(dbId: string): Promise<OpenedDb>;
  /** Removes generated data. */
  close(): void;
}

/**
 * Data generators of our own sets, each writing `<dir>/<db_id>/` and returning the model
 * additions a user of that data would have set up (the demo use case's derived metrics).
 */
export const GENERATORS = {
  /** The product's demo data, generated for EVAL_TODAY with the default seed. */
  demo: (dir: string) => {
    generateRetailDemo(join(dir, 'retail'), { end: new Date(`${EVAL_TODAY}T00:00:00Z`) });
  },
  domains: (dir: string) => {
    generateDomains(dir);
  },
  'held-out-2': (dir: string) => {
    generateHeldOut2(dir);
  },
  'domains-fresh': (dir: string) => {
    generateDomainsFresh(dir);
  },
  'multi-fresh': (dir: string) => {
    generateMultiFresh(dir);
  },
};

/** Model additions per generator: what the product's set-up of that data adds. */
const MODEL_ADDITIONS: Record<string, (model: SemanticModel) => void> = {
  demo: (model) => {
    model.metrics.push(...demoDerivedMetrics(model));
  },
};

export function readQuestions(path: string): EvalQuestion[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuestion);
}

/** Opens a set; `generate: false` skips generating its data (for reading its questions only). */
export function openEvalSet(dir: string, options: { generate?: boolean } = {}): EvalSet {
  const setDir = resolve(dir);
  const configPath = join(setDir, 'set.json');
  const config: SetConfig = existsSync(configPath)
    ? (JSON.parse(readFileSync(configPath, 'utf8')) as SetConfig)
    : {};
  let dbsDir = join(setDir, 'dbs');
  let generated: string | null = null;
  if (config.generator && options.generate !== false) {
    const generate = GENERATORS[config.generator];
    if (!generate) throw new Error(`${configPath}: unknown generator ${config.generator}`);
    generated = mkdtempSync(join(tmpdir(), `catalyst-eval-${basename(setDir)}-`));
    generate(generated);
    dbsDir = generated;
  }
  const questionsPath = join(setDir, 'questions.jsonl');
  return {
    name: basename(setDir),
    dir: setDir,
    questionsPath,
    questions: existsSync(questionsPath) ? readQuestions(questionsPath) : [],
    config: {
      generator: config.generator,
      now: config.now ?? EVAL_TODAY,
      threshold: config.threshold ?? 0.55,
      checkOnly: config.checkOnly ?? false,
      db: config.db,
    },
    async openDb(dbId) {
      const opened = await loadDataDir(join(dbsDir, dbId));
      if (config.generator) MODEL_ADDITIONS[config.generator]?.(opened.model);
      return opened;
    },
    close() {
      if (generated) rmSync(generated, { recursive: true, force: true });
    },
  };
}
