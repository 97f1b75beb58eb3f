export interface FlowInput {
  name: string;
  goals: string[];
  stakeholders: string[];
  riskTolerance: 'conservative' | 'balanced' | 'aggressive';
  confidenceThreshold: number;
  kpis: string[];
  attributes: { name: string; column: string }[];
  metrics: string[];
}

// How far a KPI may move before it is acted on, and how long a baseline is, by risk tolerance.
const SENSITIVITY = {
  conservative: { move: 5, baselineWeeks: 12, review: 'weekly' },
  balanced: { move: 10, baselineWeeks: 8, review: 'weekly' },
  aggressive: { move: 20, baselineWeeks: 4, review: 'daily' },
} as const;

const GOAL_KPI_WORDS: Record<string, string[]> = {
  'Increase Revenue Growth': ['revenue', 'sales', 'amount', 'turnover'],
  'Reduce Operational Costs': ['cost', 'expense', 'spend'],
  'Improve Customer Satisfaction': ['satisfaction', 'rating', 'score', 'nps', 'return', 'churn'],
  'Optimize Marketing ROI': ['roi', 'conversion', 'spend', 'revenue'],
  'Enhance Product Performance': ['quantity', 'units', 'return', 'margin', 'profit'],
  'Streamline Operations': ['duration', 'time', 'quantity', 'cost'],
};

const GOAL_OWNER: Record<string, string[]> = {
  'Increase Revenue Growth': ['VP of Sales', 'CEO/Executive Team'],
  'Reduce Operational Costs': ['CFO/Finance Team', 'Operations Manager'],
  'Improve Customer Satisfaction': ['Product Manager', 'Department Head'],
  'Optimize Marketing ROI': ['VP of Marketing'],
  'Enhance Product Performance': ['Product Manager'],
  'Streamline Operations': ['Operations Manager'],
};

const isDimension = (a: { name: string; column: string }) =>
  !/(^|_|\b)(id|key|code|date|time|timestamp|month|year|day|week)$/i.test(a.column) &&
  !/\b(Id|Date|Time)$/.test(a.name);

function pickKpi(kpis: string[], words: string[]): string | undefined {
  return kpis.find((k) => words.some((w) => k.toLowerCase().includes(w)));
}

function ownerFor(goal: string, stakeholders: string[]): string {
  const preferred = GOAL_OWNER[goal] ?? [];
  return (
    stakeholders.find((s) => preferred.includes(s)) ?? stakeholders[0] ?? preferred[0] ?? 'the use case owner'
  );
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * A deterministic, specific decision flow: monitor the KPIs against a baseline sized by the risk
 * tolerance, find the segments that drive a change, act per business goal with a named owner,
 * respect the AI confidence threshold, record the decision and review its outcome.
 */
export function generateDecisionFlow(input: FlowInput): string[] {
  const s = SENSITIVITY[input.riskTolerance];
  const kpis = input.kpis.length ? input.kpis : ['the key KPIs'];
  const measures = [...input.metrics, ...kpis].slice(0, 4);
  const dims = input.attributes.filter(isDimension).map((a) => a.name);
  const primaryDim = dims[0] ?? 'segment';
  const secondDim = dims[1];
  const steps: string[] = [];

  steps.push(
    `Monitor ${list(measures)} ${s.review} against the ${s.baselineWeeks}-week baseline for "${input.name}"`,
  );
  steps.push(
    `Flag any ${primaryDim}${secondDim ? ` or ${secondDim}` : ''} where ${measures[0]} moves more than ${s.move}% from its baseline`,
  );
  steps.push(
    `Break each flagged change down by ${list(dims.slice(0, 3)) || primaryDim} and rank the contributors to the change`,
  );

  for (const goal of input.goals.slice(0, 3)) {
    const kpi =
      pickKpi([...input.metrics, ...input.kpis], GOAL_KPI_WORDS[goal] ?? goal.toLowerCase().split(/\W+/)) ??
      measures[0];
    const owner = ownerFor(goal, input.stakeholders);
    const verb = /reduce|cost/i.test(goal) ? 'rises above' : 'falls below';
    steps.push(
      `${goal}: escalate to ${owner} when ${kpi} ${verb} its ${s.baselineWeeks}-week range for two consecutive periods`,
    );
  }

  for (const metric of input.metrics.slice(0, 2)) {
    steps.push(
      `Compare ${metric} by ${primaryDim} with the previous period and list the three largest shifts with their share of the change`,
    );
  }

  const reviewer =
    input.stakeholders.find((x) => /analyst/i.test(x)) ?? input.stakeholders[0] ?? 'a data analyst';
  steps.push(
    `Act on Catalyst AI's recommendation only at ${input.confidenceThreshold}% confidence or more; below that, route it to ${reviewer} for review`,
  );
  const approver =
    input.riskTolerance === 'conservative'
      ? (input.stakeholders.find((x) => /CFO|CEO|Head/i.test(x)) ?? input.stakeholders[0])
      : undefined;
  steps.push(
    `Record the decision with its rationale and expected effect on ${measures[0]} in the Decision Hub${approver ? `, approved by ${approver}` : ''}`,
  );
  steps.push(
    `Review ${measures[0]} ${input.riskTolerance === 'aggressive' ? '2' : '4'} weeks after the decision and mark it implemented, or revisit it when the KPI did not move`,
  );
  return steps;
}
