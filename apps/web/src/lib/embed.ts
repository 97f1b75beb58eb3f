import { ZAgentConfig, type TAgentConfig } from '@catalyst/contracts';

/**
 * The embed code of a use case's conversation agent (spec document 2 §2.4, §3 "Embed code"): a
 * 400 × 600 frame pointing at Catalyst's own embed page, /embed/agent/<use case id>, with the
 * agent configuration as one URL parameter (`config`, base64url JSON). Everything user-typed is
 * either inside that encoded parameter or escaped for an HTML attribute, so no agent name can
 * close the attribute or the tag.
 */
export const EMBED_SIZE = { width: 400, height: 600 } as const;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text safe inside a double- or single-quoted HTML attribute and between tags. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]!);
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeAgentConfig(config: TAgentConfig): string {
  return toBase64Url(JSON.stringify(config));
}

/** The configuration a frame URL carries; anything unreadable falls back to the defaults. */
export function decodeAgentConfig(value: string | null): TAgentConfig {
  if (value) {
    try {
      const parsed = ZAgentConfig.safeParse(JSON.parse(fromBase64Url(value)));
      if (parsed.success) return parsed.data;
    } catch {
      // A hand-edited or cut-off parameter: the defaults below.
    }
  }
  return ZAgentConfig.parse({});
}

export function embedUrl(origin: string, useCaseId: number, config: TAgentConfig): string {
  const url = new URL(`/embed/agent/${useCaseId}`, origin);
  url.searchParams.set('config', encodeAgentConfig(config));
  return url.toString();
}

export function embedSnippet(origin: string, useCaseId: number, config: TAgentConfig): string {
  const src = escapeHtml(embedUrl(origin, useCaseId, config));
  const title = escapeHtml(`${config.agentName || 'AI Assistant'} (Catalyst AI)`);
  return `<iframe src="${src}" title="${title}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border:0" loading="lazy"></iframe>`;
}
