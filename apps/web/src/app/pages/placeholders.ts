import {
  Bot,
  CreditCard,
  Database,
  FileText,
  Gavel,
  History,
  Layers,
  MessageSquare,
  MessageSquarePlus,
  ShieldCheck,
  Workflow,
} from 'lucide-react';
import type { ComingSoonProps } from './coming-soon-page';

/** Screens that later releases build; each shows an honest "coming soon" page until then. */
export const PLACEHOLDERS = {
  newAnalysis: {
    title: 'New Analysis',
    description: 'Ask Catalyst AI a question about your business data.',
    icon: MessageSquarePlus,
    features: [
      'Ask in plain language and get charts, tables and metrics back',
      'Follow up with questions that refine the previous answer',
      'See the plan and the SQL behind every answer',
      'Clip and share results with your team',
    ],
  },
  conversation: {
    title: 'Conversation',
    description: 'An analysis thread with Catalyst AI.',
    icon: MessageSquare,
    features: [
      'Replies stream in as rich cards',
      'Like, dislike, regenerate or delete replies',
      'Rename and share threads with colleagues',
      'Turn an insight into a recorded decision',
    ],
  },
  useCases: {
    title: 'Use Cases',
    description: 'Business scenarios with the data and knowledge behind them.',
    icon: Layers,
    features: [
      'Describe a scenario and pick the tables it uses',
      'Name columns, KPIs and derived metrics in business terms',
      'Set how confident Catalyst AI must be before it answers',
      'Start an analysis from any use case',
    ],
  },
  decisions: {
    title: 'Decisions',
    description: 'Record the decisions you take and why.',
    icon: Gavel,
    features: [
      'Create decisions from alerts and analyses',
      'Attach charts, documents and data as evidence',
      'Track status from pending to implemented',
      'Search, filter and sort your decision log',
    ],
  },
  recentConversations: {
    title: 'Recent Conversations',
    description: 'Your past analyses, grouped by use case.',
    icon: History,
    features: [
      'Search your conversations by name',
      'Filter active, completed and draft analyses',
      'Jump back into any thread',
      'See conversations for one use case',
    ],
  },
  dataSources: {
    title: 'Data Sources',
    description: 'Connect the databases, warehouses, APIs and files Catalyst AI can analyse.',
    icon: Database,
    features: [
      'PostgreSQL, MySQL and BigQuery connections',
      'Upload CSV files and follow their processing',
      'Connect HTTP JSON APIs',
      'Credentials encrypted at rest, never shown again',
    ],
  },
  documents: {
    title: 'Document Management',
    description: 'The documents and folders that give Catalyst AI context.',
    icon: FileText,
    features: [
      'Upload documents by drag and drop',
      'Organise them in folders and categories',
      'Share documents or restrict access',
      'Open cited pages from analysis answers',
    ],
  },
  agents: {
    title: 'Agents',
    description: 'MCP servers, LLM providers and action flows.',
    icon: Bot,
    features: [
      'Register MCP servers',
      'Connect an OpenAI-compatible LLM provider',
      'Manage the action flows agents can run',
      'Keep Catalyst AI working without any LLM at all',
    ],
  },
  actionFlows: {
    title: 'Action Flows',
    description: 'Automations that run when a decision or alert calls for them.',
    icon: Workflow,
    features: [
      'Build flows from ordered steps',
      'Trigger them manually, on a schedule or on an event',
      'Pause and resume flows',
      'See which flows are active at a glance',
    ],
  },
  billing: {
    title: 'Billing',
    description: 'Plans, token packs and payment details.',
    icon: CreditCard,
    features: [
      'Personal and organisation billing',
      'Choose a plan that fits your team',
      'Top up with token packs',
      'See a clear summary before you pay',
    ],
  },
  admin: {
    title: 'Admin Panel',
    description: 'Manage users, organizations, roles, data access controls, and API access',
    icon: ShieldCheck,
    features: [
      'Users and organizations',
      'Roles and permissions',
      'Data access groups with restrictions',
      'API keys, endpoints and request logs',
    ],
  },
} satisfies Record<string, ComingSoonProps>;
