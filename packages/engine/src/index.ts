// Catalyst AI: the engine's public API. The server builds a semantic model (or takes the use
// case's), then streams `answer` events into a thread.
export type {
  Warehouse,
  SqlDialect,
  QueryOptions,
  QueryResult,
  WarehouseColumn,
  WarehouseTable,
  ForeignKey,
} from './warehouse';
export { DuckDbWarehouse, type DuckDbWarehouseOptions } from './warehouse/duckdb';
export type {
  SemanticModel,
  ModelTable,
  ModelColumn,
  DerivedMetric,
  ModelJoin,
  EntityType,
} from './model/types';
export { buildSemanticModel, type BuildOptions } from './model/build';
export { validateMetric } from './model/metrics';
export { MetricExpressionError, parseMetricExpression } from './model/metric-expression';
export {
  answer,
  answerOnce,
  type Answer,
  type AskInput,
  type EngineEvent,
  type Evidence,
  type ThreadTurn,
} from './answer/answer';
export { understand, type Understanding } from './understand/parse';
export { refineFollowUp, looksLikeFollowUp } from './understand/followup';
export { findTimeWords } from './understand/periods';
export { compilePlan, PlanError, type CompiledQuery } from './sql/compile';
export { readingOf, questionFor } from './answer/reading';
export type { LlmConfig } from './llm/client';
export { loadDataDir } from './eval/load';
export { DIALECTS, type Dialect } from './sql/dialect';
export { inlineParams, sqlLiteral } from './sql/inline';
// Used by the server's column profiling and use case semantic model (keep exported).
export { kindOf } from './model/build';
export { splitIdentifier, titleCase } from './nlp/text';
export { synonymsFor } from './nlp/lexicon';
// Used by the Decision Hub's alert texts: money shown in its currency.
export { currencyOf, isMoneyColumn } from './cards/words';
export * from './insights';
// The demo dataset (a star schema: orders + customers, products, stores) and its derived metrics.
export {
  generateRetailDemo,
  DEMO_TABLES,
  DEMO_KEYS,
  type DemoAnomaly,
  type DemoOptions,
  type DemoTable,
  type GeneratedDemo,
} from './demo/retail-demo';
export { DEMO_METRICS, DEMO_METRICS_TABLE, demoDerivedMetrics } from './demo/demo-metrics';
// Used by the server's profiling: dates kept as text, and relationships between tables.
export { DATE_FORMATS, detectDateFormat, dateFormatOf, type DateFormat } from './model/date-formats';
export { inferJoins, type JoinCandidateTable } from './model/joins';
export { fansOut } from './sql/compile';
export { valueSql } from './sql/values';
export { joinPath, type JoinStep } from './sql/joins';
