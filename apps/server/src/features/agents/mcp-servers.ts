import {
  ZMcpServerInput,
  ZMcpServerTestInput,
  ZMcpServerUpdate,
  type TMcpServer,
  type TMcpTestResult,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { probeMcp } from './mcp-probe';
import { assertCallableUrl, outboundPolicy } from './outbound';
import { mcpTokenContext } from './secrets';
import type { McpServerRow } from './tables';
import './tables';

/**
 * MCP servers registered per organisation. Catalyst AI does not call their tools yet: this keeps
 * the registry and proves each server answers (initialize + tools/list).
 */

const MAX_SERVERS = 50;

function toServer(row: McpServerRow): TMcpServer {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    hasToken: row.token !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lastTest: row.last_test ?? null,
    tools: row.tools ?? [],
  };
}

async function serverRow(deps: Deps, caller: Caller, id: number): Promise<McpServerRow> {
  const row = await deps.db
    .selectFrom('mcp_servers')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`MCP server ${id}`);
  return row;
}

async function assertNameFree(deps: Deps, caller: Caller, name: string, exceptId?: number) {
  let q = deps.db
    .selectFrom('mcp_servers')
    .select('id')
    .where('org_id', '=', caller.orgId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst())
    throw new AppError('CONFLICT', `An MCP server named "${name}" already exists.`);
}

export async function listMcpServers(deps: Deps, caller: Caller): Promise<TMcpServer[]> {
  const rows = await deps.db
    .selectFrom('mcp_servers')
    .selectAll()
    .where('org_id', '=', caller.orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toServer);
}

export async function createMcpServer(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZMcpServerInput>,
): Promise<TMcpServer> {
  assertCallableUrl(input.url, outboundPolicy(deps));
  await assertNameFree(deps, caller, input.name);
  const count = await deps.db
    .selectFrom('mcp_servers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', caller.orgId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_SERVERS)
    throw new AppError(
      'CONFLICT',
      `An organisation can register ${MAX_SERVERS} MCP servers at most; delete one first.`,
    );
  const row = await deps.db
    .insertInto('mcp_servers')
    .values({
      org_id: caller.orgId,
      name: input.name,
      url: input.url,
      token: input.token ? deps.secretBox.seal(input.token, mcpTokenContext(caller.orgId)) : null,
      created_by: caller.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toServer(row);
}

/** Renames, moves or re-keys a server. A new URL on another host needs the token again (the saved one never follows it). */
export async function updateMcpServer(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof ZMcpServerUpdate>,
): Promise<TMcpServer> {
  const row = await serverRow(deps, caller, id);
  if (input.url) assertCallableUrl(input.url, outboundPolicy(deps));
  if (input.name !== undefined) await assertNameFree(deps, caller, input.name, id);
  const url = input.url ?? row.url;
  let token = row.token;
  if (input.token) token = deps.secretBox.seal(input.token, mcpTokenContext(caller.orgId));
  else if (input.clearToken) token = null;
  else if (token && new URL(url).origin !== new URL(row.url).origin) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The URL points to another host: enter the token again (the saved token is only sent to the host it was saved for).',
    );
  }
  const moved = url !== row.url || token !== row.token;
  const updated = await deps.db
    .updateTable('mcp_servers')
    .set({
      name: input.name ?? row.name,
      url,
      token,
      updated_at: deps.now(),
      ...(moved && { last_test: null, tools: '[]' }),
    })
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toServer(updated);
}

export async function deleteMcpServer(deps: Deps, caller: Caller, id: number) {
  await serverRow(deps, caller, id);
  await deps.db.deleteFrom('mcp_servers').where('id', '=', id).where('org_id', '=', caller.orgId).execute();
  return { status: 'Success' as const };
}

/** Tests a saved server and records the result and its tools. */
export async function testMcpServer(deps: Deps, caller: Caller, id: number): Promise<TMcpTestResult> {
  const row = await serverRow(deps, caller, id);
  let token: string | undefined;
  try {
    token = row.token ? deps.secretBox.open(row.token, mcpTokenContext(caller.orgId)) : undefined;
  } catch (err) {
    throw new AppError('CONFLICT', `The saved token cannot be read: ${(err as Error).message}`);
  }
  const result = await probeMcp({ url: row.url, token, now: deps.now, outbound: deps.outbound });
  const { tools, ...test } = result;
  await deps.db
    .updateTable('mcp_servers')
    .set({
      last_test: JSON.stringify({
        ok: test.ok,
        message: test.message,
        latencyMs: test.latencyMs,
        at: test.at,
      }),
      ...(result.ok && { tools: JSON.stringify(tools) }),
    })
    .where('id', '=', id)
    .execute();
  return result;
}

/** Tests a server before it is saved. */
export function testMcpAddress(
  deps: Deps,
  input: z.output<typeof ZMcpServerTestInput>,
): Promise<TMcpTestResult> {
  return probeMcp({ url: input.url, token: input.token, now: deps.now, outbound: deps.outbound });
}
