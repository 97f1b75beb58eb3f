import { Copy, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { copyText } from './format';

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <div className="mt-3 overflow-hidden rounded-lg border border-border bg-muted/50">
      <div className="flex items-center justify-between border-b border-border px-3 py-1.5">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          aria-label={`Copy ${label}`}
          onClick={() =>
            void copyText(code).then(
              () => toast.success('Copied to clipboard'),
              () => toast.error('Could not copy.'),
            )
          }
        >
          <Copy aria-hidden /> Copy
        </Button>
      </div>
      <pre className="overflow-x-auto p-3 font-mono text-[12.5px] leading-5">
        <code>{code}</code>
      </pre>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-5">
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-1 text-sm text-muted-foreground">{children}</div>
    </Card>
  );
}

const RATE_HEADERS: [string, string][] = [
  [
    'X-RateLimit-Limit',
    'Requests the key may make per minute (the endpoint’s own limit when that is lower).',
  ],
  ['X-RateLimit-Remaining', 'Requests left in the current minute.'],
  ['X-RateLimit-Reset', 'When the count starts again, as a Unix time in seconds.'],
];

/** Documentation sub-tab: how to call the public API, with this server's own address in the samples. */
export function DocsPanel() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <section aria-label="Documentation" className="grid grid-cols-1 gap-4">
      <Section title="Authentication">
        <p>
          Every request carries an API key as a bearer token in the{' '}
          <code className="font-mono text-foreground">Authorization</code> header. A key works only on the
          public API under <code className="font-mono text-foreground">/api/v1/</code> and never does more
          than the role of the user who created it allows.
        </p>
        <CodeBlock label="Header" code="Authorization: Bearer YOUR_API_KEY" />
      </Section>
      <Section title="Example request">
        <p>List the users of your organization.</p>
        <CodeBlock
          label="Request"
          code={`curl -X GET "${origin}/api/v1/users?page=1&limit=20" \\\n  -H "Authorization: Bearer YOUR_API_KEY" \\\n  -H "Content-Type: application/json"`}
        />
        <CodeBlock
          label="Response"
          code={JSON.stringify(
            {
              success: true,
              data: [
                {
                  id: 1,
                  username: 'jdoe',
                  name: 'John Doe',
                  email: 'john@example.com',
                  role: 'User',
                  status: 'active',
                },
              ],
              pagination: { page: 1, limit: 20, total: 1 },
            },
            null,
            2,
          )}
        />
      </Section>
      <Section title="Ask Catalyst AI">
        <p>
          Ask a question about a use case's data. The answer is saved in a conversation of the key's creator,
          exactly as in the chat, and comes back with its cards as JSON. Pass{' '}
          <code className="font-mono text-foreground">thread_id</code> to ask a follow-up.
        </p>
        <CodeBlock
          label="Request"
          code={`curl -X POST "${origin}/api/v1/conversations" \\\n  -H "Authorization: Bearer YOUR_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"question": "total revenue by region", "use_case_id": 1}'`}
        />
        <CodeBlock
          label="Response"
          code={JSON.stringify(
            {
              success: true,
              data: {
                thread_id: 42,
                message_id: 108,
                content: 'Revenue by Region',
                cards: [
                  { type: 'chart', data: {} },
                  { type: 'table', data: {} },
                ],
                confidence: 0.94,
              },
            },
            null,
            2,
          )}
        />
      </Section>
      <Section title="Rate limits">
        <p>
          Each response to a key carries these headers. Past the limit the API answers 429 with a Retry-After
          header (seconds).
        </p>
        <dl className="mt-3 grid gap-2">
          {RATE_HEADERS.map(([name, meaning]) => (
            <div
              key={name}
              className="grid gap-1 rounded-lg border border-border px-3 py-2 sm:grid-cols-[14rem_1fr] sm:gap-3"
            >
              <dt>
                <code className="font-mono text-[13px] text-foreground">{name}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Errors">
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            <strong className="font-medium text-foreground">401</strong>: the key is unknown, deleted
            (revoked) or expired, its creator was deactivated, or the route is not part of the public API.
          </li>
          <li>
            <strong className="font-medium text-foreground">403</strong>: the key's level (read, write) or its
            creator's role does not allow the request, or the endpoint is disabled.
          </li>
          <li>
            <strong className="font-medium text-foreground">429</strong>: too many requests this minute.
          </li>
        </ul>
        <p className="mt-3">
          Every error has a JSON body{' '}
          <code className="font-mono text-foreground">{'{ "error": CODE, "message": "…" }'}</code>.{' '}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Full API reference <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </p>
      </Section>
    </section>
  );
}
