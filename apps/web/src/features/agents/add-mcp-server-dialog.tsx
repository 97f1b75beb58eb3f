import { ZMcpServerInput, ZMcpServerTestInput, type TMcpTestResult } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessages } from '../../lib/form';
import { useCreateMcpServer } from './api/create-mcp-server';
import { useTestMcpAddress } from './api/test-mcp-address';
import { TestResult, ToolList } from './test-result';

/** Register an MCP server: name, URL and an optional bearer token; it can be tested before saving. */
export function AddMcpServerDialog({ onClose }: { onClose: () => void }) {
  // Save sends ZMcpServerInput, Test sends ZMcpServerTestInput (its address and token).
  const { register, handleSubmit, trigger, getValues, setError, clearErrors, formState } = useForm({
    resolver: zodResolver(ZMcpServerInput),
    defaultValues: { name: '', url: '', token: '' },
    reValidateMode: 'onSubmit',
  });
  const problems = errorMessages(formState.errors, ['name', 'url', 'token', 'root.server']);
  const [result, setResult] = useState<TMcpTestResult | null>(null);
  const create = useCreateMcpServer();
  const test = useTestMcpAddress();
  const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

  const onTest = async () => {
    clearErrors();
    if (!(await trigger(['url', 'token']))) return;
    setResult(null);
    try {
      setResult(await test.mutateAsync(ZMcpServerTestInput.parse(getValues())));
    } catch (error) {
      setError('root.server', { message: errorText(error, 'The test could not be run.') });
    }
  };
  const onSave = handleSubmit(async (input) => {
    try {
      const server = await create.mutateAsync(input);
      toast.success('MCP server added', { description: server.name });
      onClose();
    } catch (error) {
      setError('root.server', { message: errorText(error, 'The server could not be saved.') });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Add MCP Server</DialogTitle>
        <DialogDescription>
          A streamable-HTTP MCP endpoint. Catalyst tests it with initialize and tools/list; it does not call
          the tools yet.
        </DialogDescription>
        <form className="grid gap-4 text-sm" onSubmit={(e) => void onSave(e)} noValidate>
          <label className="grid gap-1.5">
            <span className="font-medium">Name</span>
            <Input {...register('name')} maxLength={100} autoFocus />
          </label>
          <label className="grid gap-1.5">
            <span className="font-medium">Server URL</span>
            <Input
              {...register('url')}
              placeholder="https://mcp.example.com/mcp"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <div className="grid gap-1.5">
            <label htmlFor="mcp-token" className="font-medium">
              Bearer token (optional)
            </label>
            <PasswordInput id="mcp-token" {...register('token')} autoComplete="off" spellCheck={false} />
            <span className="text-xs text-muted-foreground">
              Sent as Authorization: Bearer …; encrypted at rest and never shown again.
            </span>
          </div>
          {problems.length ? (
            <ul role="alert" className="grid gap-1 text-destructive">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          {result ? (
            <div>
              <TestResult test={result} />
              <ToolList tools={result.tools} />
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              className="sm:mr-auto"
              onClick={() => void onTest()}
              disabled={test.isPending}
            >
              {test.isPending ? 'Testing…' : 'Test connection'}
            </Button>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
