import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { TMcpServer, TMcpTestResult } from '@catalyst/contracts';
import { Plug, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDeleteMcpServer } from './api/delete-mcp-server';
import { useMcpServers } from './api/get-mcp-servers';
import { useTestMcpServer } from './api/test-mcp-server';
import { AddMcpServerDialog } from './add-mcp-server-dialog';
import { TestResult, ToolList } from './test-result';

function ServerCard({
  server,
  canManage,
  onDelete,
}: {
  server: TMcpServer;
  canManage: boolean;
  onDelete: () => void;
}) {
  const test = useTestMcpServer();
  const [fresh, setFresh] = useState<TMcpTestResult | null>(null);
  const run = async () => {
    try {
      setFresh(await test.mutateAsync(server.id));
    } catch (error) {
      toast.error('The test could not be run', {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-xs" aria-label={server.name}>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary dark:text-accent-foreground">
          <Plug className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{server.name}</h3>
          <p className="truncate font-mono text-xs text-muted-foreground">{server.url}</p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {server.hasToken ? 'Bearer token saved (encrypted)' : 'No token'}
          </p>
        </div>
        {canManage ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${server.name}`} onClick={onDelete}>
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      <div className="mt-3 grid gap-2">
        {fresh ? (
          <TestResult test={fresh} />
        ) : server.lastTest ? (
          <TestResult test={server.lastTest} recorded />
        ) : null}
      </div>
      <ToolList tools={fresh?.ok ? fresh.tools : server.tools} />
      {canManage ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => void run()}
          disabled={test.isPending}
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </Button>
      ) : null}
    </li>
  );
}

/** The MCP Servers tab: registered servers, each testable; Catalyst AI does not call their tools yet. */
export function McpServersTab() {
  const servers = useMcpServers();
  const remove = useDeleteMcpServer();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TMcpServer | null>(null);
  const canManage = servers.data?.canManage ?? false;
  return (
    <section aria-label="MCP servers">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Model Context Protocol servers offer tools an agent can call, over streamable HTTP.
        </p>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add MCP Server
          </Button>
        ) : null}
      </div>
      <Alert className="mt-4" title="Catalyst AI does not call MCP tools yet">
        Register your servers and test them here: Catalyst checks that each one answers and keeps the list of
        its tools. Answers do not use these tools yet.
      </Alert>
      <div className="mt-4">
        {servers.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading MCP servers…</p>
        ) : servers.isError ? (
          <Card className="grid gap-3 p-6 text-sm">
            <p className="text-destructive">
              {servers.error instanceof Error ? servers.error.message : 'Failed to load MCP servers'}
            </p>
            <Button variant="secondary" className="justify-self-start" onClick={() => void servers.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : !servers.data?.servers.length ? (
          <Card className="grid justify-items-center gap-2 p-10 text-center">
            <Plug className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No MCP servers yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {canManage
                ? 'Add one with its URL (and a bearer token if it needs one), then test it.'
                : 'An administrator can add them.'}
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {servers.data.servers.map((server) => (
              <ServerCard
                key={server.id}
                server={server}
                canManage={canManage}
                onDelete={() => setDeleting(server)}
              />
            ))}
          </ul>
        )}
      </div>
      {adding ? <AddMcpServerDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete MCP Server"
        description={`Are you sure you want to delete "${deleting?.name ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('MCP server deleted', { description: deleting.name }),
            onError: (error) =>
              toast.error('The server could not be deleted', {
                description: error instanceof Error ? error.message : undefined,
              }),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
