import { z } from 'zod';

// Card payloads of spec document 1 §2.8. Every card is { type, data } and data carries an id
// and a title so the conversation layer can merge regenerated cards.

const base = { id: z.string(), title: z.string(), description: z.string().optional() };

/**
 * How a number is shown (Intl.NumberFormat's style): a rate as a percentage (the value is a
 * fraction, 0.394 → 39.4 %), money in its currency (ISO 4217 code), anything else as a number.
 */
export const ZValueFormat = z.object({
  style: z.enum(['number', 'percent', 'currency']),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});
export type TValueFormat = z.infer<typeof ZValueFormat>;

export const ZChartSeries = z.object({
  name: z.string(),
  data: z.array(z.union([z.number(), z.null(), z.tuple([z.number(), z.number()])])),
  format: ZValueFormat.optional(),
});
export const ZChartCardData = z.object({
  ...base,
  interpretation: z.string().optional(),
  options: z.object({
    chart: z.object({ type: z.enum(['line', 'bar', 'pie', 'scatter']) }),
    xAxis: z
      .object({
        categories: z.array(z.string()).optional(),
        title: z.string().optional(),
        /** Indexes of categories that are periods the data has not finished (drawn lighter). */
        partial: z.array(z.number().int().min(0)).optional(),
      })
      .optional(),
    yAxis: z.object({ title: z.string().optional(), format: ZValueFormat.optional() }).optional(),
    series: z.array(ZChartSeries),
  }),
});
export const ZChartCard = z
  .object({ type: z.literal('chart'), data: ZChartCardData })
  .meta({ id: 'ChartCard' });
export type TChartCard = z.infer<typeof ZChartCard>;

export const ZTableCardData = z.object({
  ...base,
  summary: z.string().optional(),
  columns: z.array(z.object({ key: z.string(), header: z.string(), format: ZValueFormat.optional() })),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export const ZTableCard = z
  .object({ type: z.literal('table'), data: ZTableCardData })
  .meta({ id: 'TableCard' });
export type TTableCard = z.infer<typeof ZTableCard>;

export const ZTextCardData = z.object({
  ...base,
  header: z.string().optional(),
  content: z.array(z.string()).optional(),
  text: z.string().optional(),
});
export const ZTextCard = z.object({ type: z.literal('text'), data: ZTextCardData }).meta({ id: 'TextCard' });
export type TTextCard = z.infer<typeof ZTextCard>;

export const ZCardAction = z.object({
  label: z.string(),
  description: z.string().optional(),
  /** The question sent when the action is clicked (the web client's onClick sends it). */
  question: z.string(),
});
export type TCardAction = z.infer<typeof ZCardAction>;
export const ZActionCardData = z.object({
  ...base,
  context: z.record(z.string(), z.string()).optional(),
  actions: z.array(ZCardAction),
});
export const ZActionCard = z
  .object({ type: z.literal('action'), data: ZActionCardData })
  .meta({ id: 'ActionCard' });
export type TActionCard = z.infer<typeof ZActionCard>;

export const ZMetricItem = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string(), z.null()]),
  /** Relative change vs the previous period, e.g. 0.12 for +12 %; null when unknown. */
  change: z.number().nullable().optional(),
  trend: z.enum(['up', 'down', 'neutral']).optional(),
  format: ZValueFormat.optional(),
  /** The value over the comparison period, shown with its label ("Sep 1–30, 2026"). */
  previous: z.number().nullable().optional(),
  previousLabel: z.string().optional(),
});
export const ZMetricCardData = z.object({ ...base, metrics: z.array(ZMetricItem) });
export const ZMetricCard = z
  .object({ type: z.literal('metric'), data: ZMetricCardData })
  .meta({ id: 'MetricCard' });
export type TMetricCard = z.infer<typeof ZMetricCard>;

export const ZCard = z
  .discriminatedUnion('type', [ZChartCard, ZTableCard, ZTextCard, ZActionCard, ZMetricCard])
  .meta({ id: 'Card' });
export type TCard = z.infer<typeof ZCard>;
