export const AGENTS = '/api/copilot/agents';
export const LLM_KEY = ['agents', 'llm-provider'] as const;
export const MCP_KEY = ['agents', 'mcp-servers'] as const;
