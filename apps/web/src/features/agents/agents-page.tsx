import { Bot, Plug, Workflow } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Page, PageHeader } from '../../components/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { LlmProviderTab } from './llm-provider-tab';
import { McpServersTab } from './mcp-servers-tab';

export const AGENT_TABS = ['mcp', 'llm', 'flows'] as const;
type AgentTab = (typeof AGENT_TABS)[number];
// On phones the three tabs share the width, text only.
const TRIGGER = 'justify-center px-1.5 text-[13px] sm:px-3 sm:text-sm [&_svg]:hidden sm:[&_svg]:block';
const isTab = (value: string | null): value is AgentTab =>
  (AGENT_TABS as readonly string[]).includes(value ?? '');

/**
 * /connections (spec document 3 "Agents screen"): MCP Servers, LLM Providers and Action Flows.
 * The tab is kept in `?tab=`, so a reload or a shared link opens the same one. The Action Flows
 * tab is the action-flows feature's panel, passed in by the route (features do not import each other).
 */
export function AgentsPage({ actionFlows }: { actionFlows: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab: AgentTab = isTab(params.get('tab')) ? (params.get('tab') as AgentTab) : 'mcp';
  return (
    <Page>
      <PageHeader
        title="Agents"
        description="The language model behind Catalyst AI, the MCP servers agents can use, and your action flows."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        className="mt-6"
      >
        <TabsList aria-label="Agents" className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
          <TabsTrigger value="mcp" className={TRIGGER}>
            <Plug aria-hidden /> MCP Servers
          </TabsTrigger>
          <TabsTrigger value="llm" className={TRIGGER}>
            <Bot aria-hidden /> LLM Providers
          </TabsTrigger>
          <TabsTrigger value="flows" className={TRIGGER}>
            <Workflow aria-hidden /> Action Flows
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mcp">
          <McpServersTab />
        </TabsContent>
        <TabsContent value="llm">
          <LlmProviderTab />
        </TabsContent>
        <TabsContent value="flows">{actionFlows}</TabsContent>
      </Tabs>
    </Page>
  );
}
