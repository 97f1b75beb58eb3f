import { ZAgentConfig } from '@catalyst/contracts';
import { describe, expect, it } from 'vitest';
import { decodeAgentConfig, embedSnippet, embedUrl, encodeAgentConfig, escapeHtml } from '../src/lib/embed';

const HOSTILE = `"></iframe><script>window.__pwned=1</script><img src=x onerror="alert(1)" a='`;
const config = ZAgentConfig.parse({
  agentName: HOSTILE,
  welcomeMessage: 'Grüß dich — frag mich 📈 <b>anything</b>',
  systemPrompt: 'Answer & explain',
});

describe('the embed code', () => {
  it('is one 400 × 600 iframe whatever the agent name, with the name as plain title text', () => {
    const snippet = embedSnippet('https://catalyst.example.com', 12, config);
    const doc = new DOMParser().parseFromString(`<body>${snippet}</body>`, 'text/html');
    expect([...doc.body.children].map((e) => e.tagName)).toEqual(['IFRAME']);
    expect(doc.querySelectorAll('script, img').length).toBe(0);
    const frame = doc.querySelector('iframe')!;
    expect(frame.getAttributeNames().sort()).toEqual(['height', 'loading', 'src', 'style', 'title', 'width']);
    expect(frame.getAttribute('title')).toBe(`${HOSTILE} (Catalyst AI)`);
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['400', '600']);
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://catalyst.example.com/embed/agent/12');
    expect(decodeAgentConfig(src.searchParams.get('config'))).toEqual(config);
  });

  it('carries the whole agent configuration in one URL parameter, unicode included', () => {
    const url = new URL(embedUrl('http://127.0.0.1:8080', 3, config));
    expect([...url.searchParams.keys()]).toEqual(['config']);
    expect(url.searchParams.get('config')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAgentConfig(encodeAgentConfig(config))).toEqual(config);
  });

  it('falls back to the defaults for a missing or broken parameter', () => {
    const defaults = {
      agentType: 'conversational',
      agentName: 'AI Assistant',
      description: '',
      systemPrompt: 'You are a helpful AI assistant.',
      welcomeMessage: 'Hello! How can I help you today?',
      maxTokens: 1000,
      temperature: 0.7,
    };
    for (const bad of [null, '', '%%%', 'bm90IGpzb24', btoa('{"maxTokens": 99999}')])
      expect(decodeAgentConfig(bad)).toEqual(defaults);
  });

  it('escapes every character that could leave an attribute or a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&\``)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;',
    );
  });
});
