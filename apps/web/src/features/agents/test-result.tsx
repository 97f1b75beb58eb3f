import type { TConnectionTest, TMcpTool } from '@catalyst/contracts';
import { Wrench } from 'lucide-react';
import { Alert } from '../../components/ui/alert';

/** "3 minutes ago"-style age of a test, for the last recorded result. */
function ago(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString();
}

/** The outcome of a "Test connection": success with the latency, or the exact failure. */
export function TestResult({ test, recorded = false }: { test: TConnectionTest; recorded?: boolean }) {
  return (
    <Alert
      variant={test.ok ? 'success' : 'destructive'}
      title={`${test.ok ? 'Connection works' : 'Connection failed'}${recorded ? ` · tested ${ago(test.at)}` : ''}`}
    >
      <span className="break-words">{test.message}</span>
    </Alert>
  );
}

const SHOWN_TOOLS = 8;

/** The tools an MCP server listed, as chips (the description shows on hover). */
export function ToolList({ tools }: { tools: TMcpTool[] }) {
  if (!tools.length) return null;
  return (
    <div className="mt-3">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Wrench className="size-3.5" aria-hidden /> {tools.length} tool{tools.length === 1 ? '' : 's'}
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label="Tools">
        {tools.slice(0, SHOWN_TOOLS).map((tool) => (
          <li
            key={tool.name}
            title={tool.description || undefined}
            className="max-w-full truncate rounded-md border border-border bg-muted/60 px-2 py-0.5 font-mono text-xs"
          >
            {tool.name}
          </li>
        ))}
        {tools.length > SHOWN_TOOLS ? (
          <li className="px-1 text-xs text-muted-foreground">+{tools.length - SHOWN_TOOLS} more</li>
        ) : null}
      </ul>
    </div>
  );
}
