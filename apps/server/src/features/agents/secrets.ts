import type { Deps } from '../../deps';
import { createSecretBox, type SecretBox } from '../../lib/crypto';

const boxes = new WeakMap<Deps, SecretBox>();

/** The secret box of one dependency graph: the same key as data-source secrets (CATALYST_SECRET_KEY or DATA_DIR/secret.key). */
export function secretBoxOf(deps: Deps): SecretBox {
  let box = boxes.get(deps);
  if (!box) {
    box = createSecretBox({ secretKey: deps.config.secretKey, dataDir: deps.config.dataDir });
    boxes.set(deps, box);
  }
  return box;
}

/** Authenticated data of a sealed value: a value copied to another organisation's row, or to another kind of row, does not open. */
export const llmKeyContext = (orgId: number) => `org:${orgId}:llm-provider`;
export const mcpTokenContext = (orgId: number) => `org:${orgId}:mcp-server`;
