export { detectAnomalies, scoreSeries, SENSITIVITY, type Anomaly, type DetectOptions } from './detect';
export {
  detectSeriesAnomalies,
  cleanSeries,
  typicalStep,
  detectorSettings,
  latestShifts,
  type WindowShift,
  type Sensitivity,
  type SeriesPoint,
  type SeriesDetectOptions,
  type SeriesAlert,
} from './detect-series';
export {
  periodChange,
  periodStart,
  shiftPeriod,
  type Grain,
  type PeriodTotal,
  type PeriodChange,
} from './period-change';
export {
  explainChange,
  standoutDrivers,
  type Row,
  type DriverContribution,
  type ExplainChangeInput,
  type ExplainChangeResult,
} from './drivers';
export { impactLevel, type ImpactLevel, type RiskTolerance } from './impact';
export {
  scanMetrics,
  driversOf,
  MATERIAL,
  SEGMENT_IMPACT,
  type MeasureSeries,
  type SegmentSeries,
  type MetricFinding,
} from './scan-metrics';
export { groupFindings, type GroupableFinding, type FindingGroup } from './group-findings';
export { aggregationOf, type Aggregation, type ColumnFacts } from './additivity';
