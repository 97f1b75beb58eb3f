/** Authenticated data of a sealed value: a value copied to another organisation's row, or to another kind of row, does not open. */
export const llmKeyContext = (orgId: number) => `org:${orgId}:llm-provider`;
export const mcpTokenContext = (orgId: number) => `org:${orgId}:mcp-server`;
