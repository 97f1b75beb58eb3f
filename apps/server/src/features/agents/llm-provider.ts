import {
  LLM_TIMEOUT_MS,
  ZLlmProviderInput,
  ZLlmProviderTestInput,
  type TConnectionTest,
  type TLlmProvider,
  type TLlmSettings,
} from '@catalyst/contracts';
import type { LlmConfig } from '@catalyst/engine';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { probeLlm } from './llm-probe';
import { assertCallableUrl, outboundPolicy } from './outbound';
import { llmKeyContext } from './secrets';
import type { LlmProviderRow } from './tables';
import './tables';

type ProviderInput = z.output<typeof ZLlmProviderInput>;
type TestInput = z.output<typeof ZLlmProviderTestInput>;

function providerRow(deps: Deps, orgId: number) {
  return deps.db.selectFrom('llm_providers').selectAll().where('org_id', '=', orgId).executeTakeFirst();
}

function openKey(deps: Deps, row: LlmProviderRow): string | undefined {
  return row.api_key ? deps.secretBox.open(row.api_key, llmKeyContext(row.org_id)) : undefined;
}

async function toProvider(deps: Deps, row: LlmProviderRow): Promise<TLlmProvider> {
  const editor =
    row.updated_by === null
      ? undefined
      : await deps.db
          .selectFrom('users')
          .select('username')
          .where('id', '=', row.updated_by)
          .executeTakeFirst();
  return {
    baseUrl: row.base_url,
    model: row.model,
    hasApiKey: row.api_key !== null,
    timeoutMs: row.timeout_ms,
    enabled: row.enabled,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: editor?.username ?? null,
    lastTest: row.last_test ?? null,
  };
}

const sameOrigin = (a: string, b: string) => new URL(a).origin === new URL(b).origin;

/** The provider settings as the Agents screen shows them, with where Catalyst AI's LLM comes from now. */
export async function getLlmSettings(
  deps: Deps,
  caller: Caller,
  options: { canManage: boolean },
): Promise<TLlmSettings> {
  const row = await providerRow(deps, caller.orgId);
  const environment = deps.config.llm;
  return {
    provider: row ? await toProvider(deps, row) : null,
    activeSource: row?.enabled ? 'organization' : environment ? 'environment' : 'embedded',
    environmentModel: environment?.model ?? null,
    canManage: options.canManage,
  };
}

/**
 * Creates or replaces the organisation's provider. The key is sealed at rest; left out, the
 * stored one is kept — but only for the same host, so a changed address never receives it.
 */
export async function saveLlmProvider(
  deps: Deps,
  caller: Caller,
  input: ProviderInput,
): Promise<TLlmProvider> {
  assertCallableUrl(input.baseUrl, outboundPolicy(deps));
  const existing = await providerRow(deps, caller.orgId);
  let apiKey: string | null = existing?.api_key ?? null;
  if (input.apiKey) apiKey = deps.secretBox.seal(input.apiKey, llmKeyContext(caller.orgId));
  else if (input.clearApiKey) apiKey = null;
  else if (existing?.api_key && !sameOrigin(existing.base_url, input.baseUrl)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The base URL points to another host: enter the API key again (the saved key is only sent to the host it was saved for).',
    );
  }
  const unchanged =
    existing &&
    existing.base_url === input.baseUrl &&
    existing.model === input.model &&
    existing.api_key === apiKey &&
    existing.timeout_ms === (input.timeoutMs ?? null);
  const values = {
    base_url: input.baseUrl,
    model: input.model,
    api_key: apiKey,
    timeout_ms: input.timeoutMs ?? null,
    enabled: input.enabled,
    // A test result belongs to the settings it tested.
    last_test: unchanged && existing.last_test ? JSON.stringify(existing.last_test) : null,
    updated_by: caller.userId,
    updated_at: deps.now(),
  };
  await deps.db
    .insertInto('llm_providers')
    .values({ org_id: caller.orgId, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
    .execute();
  return toProvider(deps, (await providerRow(deps, caller.orgId))!);
}

export async function deleteLlmProvider(deps: Deps, caller: Caller) {
  const deleted = await deps.db
    .deleteFrom('llm_providers')
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound('The LLM provider');
  return { status: 'Success' as const };
}

/**
 * "Test connection" of the settings in the form (or, without them, of the saved ones). Without a
 * typed key the saved key is used when the host is the saved one. Testing exactly the saved
 * settings records the result on them.
 */
export async function testLlmProvider(
  deps: Deps,
  caller: Caller,
  input: TestInput | undefined,
): Promise<TConnectionTest> {
  const row = await providerRow(deps, caller.orgId);
  if (!input && !row)
    throw new AppError('BAD_REQUEST', 'No LLM provider is saved yet: enter a base URL and a model to test.');
  const settings = input ?? {
    baseUrl: row!.base_url,
    model: row!.model,
    apiKey: undefined,
    timeoutMs: row!.timeout_ms,
  };
  let apiKey = settings.apiKey;
  const usesSavedKey = !apiKey && row?.api_key && sameOrigin(row.base_url, settings.baseUrl);
  if (usesSavedKey) apiKey = readKey(deps, row!);
  const test = await probeLlm(
    { baseUrl: settings.baseUrl, model: settings.model, apiKey, timeoutMs: settings.timeoutMs ?? undefined },
    deps.now,
    deps.outbound,
  );
  const isSaved =
    row &&
    row.base_url === settings.baseUrl &&
    row.model === settings.model &&
    (usesSavedKey || (!apiKey && !row.api_key)) &&
    row.timeout_ms === (settings.timeoutMs ?? null);
  if (isSaved)
    await deps.db
      .updateTable('llm_providers')
      .set({ last_test: JSON.stringify(test) })
      .where('org_id', '=', caller.orgId)
      .execute();
  return test;
}

function readKey(deps: Deps, row: LlmProviderRow): string | undefined {
  try {
    return openKey(deps, row);
  } catch (err) {
    throw new AppError('CONFLICT', `The saved API key cannot be read: ${(err as Error).message}`);
  }
}

/**
 * The LLM Catalyst AI uses for an organisation: its own provider when one is saved and enabled;
 * undefined otherwise, so the answerer keeps its default (LLM_* settings, else the embedded engine).
 */
export async function llmForCatalystAi(deps: Deps, orgId: number): Promise<LlmConfig | undefined> {
  const row = await providerRow(deps, orgId);
  if (!row?.enabled) return undefined;
  try {
    // A provider an administrator typed in is called only where the outbound policy allows (SSRF).
    return {
      baseUrl: row.base_url,
      model: row.model,
      apiKey: openKey(deps, row),
      timeoutMs: row.timeout_ms ?? LLM_TIMEOUT_MS.default,
      fetch: deps.outbound.fetch,
    };
  } catch (err) {
    deps.logger.warn(
      { orgId, reason: (err as Error).message },
      'the LLM provider key cannot be read; Catalyst AI uses its default',
    );
    return undefined;
  }
}
