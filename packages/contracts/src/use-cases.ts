import { z } from 'zod';
import { zText } from './text';
import { ZValueType, ZValueTypeOrigin } from './knowledge';

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is not a known id');
const name = (label: string, max = 200) =>
  zText(`${label} is required (text)`)
    .trim()
    .min(1, `Please fill in ${label.toLowerCase()}`)
    .max(max, `${label} is too long (${max} characters at most)`);
const optionalText = (label: string, max: number) =>
  zText(`${label} must be text`).max(max, `${label} is too long (${max} characters at most)`);
const textList = (label: string) =>
  z
    .array(optionalText(label, 200), { error: `${label} must be a list of texts` })
    .max(50, `${label}: 50 at most`)
    .transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))]);

export const RISK_TOLERANCES = ['conservative', 'balanced', 'aggressive'] as const;
export const ZRiskTolerance = z.enum(RISK_TOLERANCES, {
  error: 'must be conservative, balanced or aggressive',
});
export type TRiskTolerance = z.infer<typeof ZRiskTolerance>;

export const BUSINESS_GOAL_PRESETS = [
  'Increase Revenue Growth',
  'Reduce Operational Costs',
  'Improve Customer Satisfaction',
  'Optimize Marketing ROI',
  'Enhance Product Performance',
  'Streamline Operations',
];
export const STAKEHOLDER_PRESETS = [
  'CEO/Executive Team',
  'VP of Marketing',
  'VP of Sales',
  'CFO/Finance Team',
  'Operations Manager',
  'Product Manager',
  'Data Analyst',
  'Department Head',
];

export const ZAgentConfig = z.object({
  agentType: z.enum(['conversational', 'workflow']).default('conversational'),
  agentName: optionalText('Agent name', 200).default('AI Assistant'),
  description: optionalText('Description', 2000).default(''),
  systemPrompt: optionalText('System prompt', 20_000).default('You are a helpful AI assistant.'),
  welcomeMessage: optionalText('Welcome message', 2000).default('Hello! How can I help you today?'),
  maxTokens: z
    .number()
    .int()
    .min(100, 'Max tokens: 100 at least')
    .max(2000, 'Max tokens: 2000 at most')
    .default(1000),
  temperature: z.number().min(0, 'Temperature: 0 at least').max(1, 'Temperature: 1 at most').default(0.7),
});
export type TAgentConfig = z.infer<typeof ZAgentConfig>;

/** Editable fields of a use case; every one optional on update. */
const useCaseFields = {
  description: optionalText('Description', 5000).optional(),
  category: optionalText('Category', 100).optional(),
  businessGoals: textList('Business goals').optional(),
  keyStakeholders: textList('Key stakeholders').optional(),
  riskTolerance: ZRiskTolerance.optional(),
  aiConfidenceThreshold: z.coerce
    .number({ error: 'AI confidence threshold must be a number' })
    .int()
    .min(50, 'AI confidence threshold: 50 at least')
    .max(100, 'AI confidence threshold: 100 at most')
    .refine((v) => v % 5 === 0, 'AI confidence threshold moves in steps of 5')
    .optional(),
  tools: z
    .array(
      z.enum(
        [
          'database',
          'document',
          'api',
          'analytics',
          'derived-metrics',
          'decision-criteria',
          'connect-llm',
          'connect-mcp',
          'create-agent',
        ],
        { error: 'is not a known tool' },
      ),
    )
    .max(20)
    .optional(),
  configurations: z.record(z.string().max(100), z.unknown()).optional(),
  agentConfig: ZAgentConfig.partial().optional(),
};

export const ZCreateUseCase = z
  .object({ usecase_name: name('Use case name'), ...useCaseFields })
  .meta({ id: 'CreateUseCase' });
export type TCreateUseCase = z.infer<typeof ZCreateUseCase>;
export const ZUpdateUseCase = z
  .object({ usecase_id: id, usecase_name: name('Use case name').optional(), ...useCaseFields })
  .meta({ id: 'UpdateUseCase' });
export type TUpdateUseCase = z.infer<typeof ZUpdateUseCase>;

export const ZUseCase = z
  .object({
    use_case_id: z.number(),
    use_case_name: z.string(),
    use_case_desc: z.string(),
    category: z.string(),
    pinned: z.boolean(),
    tools: z.array(z.string()),
    configurations: z.record(z.string(), z.unknown()),
    businessGoals: z.array(z.string()),
    keyStakeholders: z.array(z.string()),
    riskTolerance: ZRiskTolerance,
    aiConfidenceThreshold: z.string(),
    agentConfig: ZAgentConfig,
    created_at: z.string(),
    updatedAt: z.string(),
    is_deleted: z.boolean(),
    is_onboarded: z.boolean(),
    status: z.enum(['active', 'draft', 'archived']),
    owner_id: z.number(),
    tool_count: z.number(),
  })
  .meta({ id: 'UseCase' });
export type TUseCase = z.infer<typeof ZUseCase>;

export const ZUseCaseDetails = ZUseCase.extend({
  UseCaseId: z.number(),
  UseCaseName: z.string(),
  UseCaseDescription: z.string(),
  OnBoardingStatus: z.boolean(),
}).meta({ id: 'UseCaseDetails' });
export type TUseCaseDetails = z.infer<typeof ZUseCaseDetails>;

export const ZUseCaseIdParams = z.object({ id });
export const ZPublishQuery = z.object({ org_id: id.optional() });
export const ZUseCaseStatusBody = z
  .object({ onboarding_flag: z.boolean({ error: 'onboarding_flag must be true or false' }).optional() })
  .nullish();

export const ZUserListQuery = z.object({ useCaseId: id.optional() });
export const ZOrgUser = z
  .object({
    id: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    userName: z.string(),
    email: z.string(),
    isSelected: z.boolean(),
  })
  .meta({ id: 'OrgUser' });
export const ZUserAccessRequest = z
  .object({
    usecase_id: id,
    selected_users: z.array(id, { error: 'selected_users must be a list of user ids' }).max(1000).default([]),
    unselected_users: z
      .array(id, { error: 'unselected_users must be a list of user ids' })
      .max(1000)
      .default([]),
  })
  .meta({ id: 'UserAccessRequest' });

// Knowledge: schema, tables, columns, derived metrics, decision flow.
export const ZSchemaDataRequest = z
  .object({ usecase_id: id, conn_id: id, schema: name('Schema', 300) })
  .meta({ id: 'SchemaDataRequest' });
export const ZSchemaData = z
  .object({ ConnectionId: z.number(), Schema: z.string() })
  .meta({ id: 'SchemaData' });

export const ZUseCaseTable = z
  .object({
    table_id: z.number(),
    table_name: z.string(),
    is_selected: z.boolean(),
    is_new: z.boolean(),
    is_removed: z.boolean(),
    validated: z.boolean(),
    selected_column_count: z.number(),
    total_column_count: z.number(),
    row_count: z.number().nullable(),
  })
  .meta({ id: 'UseCaseTable' });
export type TUseCaseTable = z.infer<typeof ZUseCaseTable>;

export const ZTableSelection = z.object({
  table_ids: z
    .array(id, { error: 'table_ids must be a list of table ids' })
    .min(1, 'Choose at least one table')
    .max(500),
  is_selected: z.boolean().optional(),
});

export const ZEntityType = z.enum(['ATTRIBUTE', 'KPI'], { error: 'entity_type must be ATTRIBUTE or KPI' });
export const ZColumnProfile = z.object({
  type: z.string(),
  distinct_count: z.number().nullable(),
  null_count: z.number().nullable(),
  row_count: z.number().nullable(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  sample_values: z.array(z.string()),
});
export const ZColumnMetadata = z
  .object({
    id: z.number(),
    table_id: z.number(),
    business_name: z.string(),
    business_definition: z.string(),
    db_column_name: z.string(),
    entity_type: ZEntityType,
    insert_ts: z.string(),
    updated_on: z.string(),
    is_new: z.boolean(),
    is_removed: z.boolean(),
    is_selected: z.boolean(),
    profile: ZColumnProfile.nullable(),
    /** The kind Catalyst AI reads the column as, and (dates kept as text) the format it reads. */
    value_type: ZValueType,
    value_format: z.string().nullable(),
    value_type_origin: ZValueTypeOrigin,
  })
  .meta({ id: 'ColumnMetadata' });
export type TColumnMetadata = z.infer<typeof ZColumnMetadata>;

export const ZColumnUpdate = z
  .object({
    id,
    is_selected: z.boolean().optional(),
    business_name: optionalText('Business name', 200)
      .trim()
      .min(1, 'Business name cannot be empty')
      .optional(),
    business_definition: optionalText('Business definition', 2000).optional(),
    db_column_name: optionalText('Column name', 300).optional(),
    entity_type: ZEntityType.optional(),
    is_new: z.boolean().optional(),
    is_removed: z.boolean().optional(),
    /** null: read the column as the database stores it again. */
    value_type: ZValueType.nullable().optional(),
    value_format: optionalText('Date format', 40).nullable().optional(),
  })
  .meta({ id: 'ColumnUpdate' });

export const ZDerivedMetric = z
  .object({
    id: z.number(),
    usecase_id: z.number(),
    derived_metric: z.string(),
    metric_definition: z.string(),
    calculation: z.string(),
    type: z.string(),
    created_date: z.string(),
    updated_on: z.string(),
  })
  .meta({ id: 'DerivedMetric' });
export type TDerivedMetric = z.infer<typeof ZDerivedMetric>;
const metricFields = {
  usecase_id: id,
  derived_metric: optionalText('Metric name', 200).trim().default(''),
  metric_definition: optionalText('Metric definition', 2000).default(''),
  calculation: optionalText('Calculation', 2000).default(''),
  type: optionalText('Type', 50).default('general'),
};
export const ZAddDerivedMetric = z.object(metricFields).meta({ id: 'AddDerivedMetric' });
export const ZUpdateDerivedMetric = z
  .object({
    id,
    ...metricFields,
    created_date: z.string().max(100).optional(),
    isProcessing: z.boolean().optional(),
  })
  .meta({ id: 'UpdateDerivedMetric' });
export const ZDeleteDerivedMetric = z.object({ id });

export const ZDecisionFlowSteps = z
  .array(optionalText('Decision step', 2000), { error: 'decision_flow must be a list of texts' })
  .max(100, 'A decision flow has 100 steps at most');
export const ZDecisionFlowUpdate = z
  .object({ use_case_id: id, decision_flow: ZDecisionFlowSteps })
  .meta({ id: 'DecisionFlowUpdate' });
export const ZGenerateDecisionFlow = z.object({ usecase_id: id });
export const ZDecisionFlow = z
  .object({ decision_flow: z.array(z.string()), error: z.string().optional() })
  .meta({ id: 'DecisionFlow' });
