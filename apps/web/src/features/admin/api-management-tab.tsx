import { KeyRound } from 'lucide-react';
import { Card } from '../../components/ui/card';

/**
 * API Management (spec document 3): API keys, endpoints, request logs and documentation. The
 * public API and its keys arrive in the next step, which replaces this file; until then the tab
 * says so instead of showing sample keys that would not work.
 */
export function ApiManagementTab() {
  return (
    <Card className="flex flex-col items-center p-10 text-center" data-testid="api-management-placeholder">
      <span className="grid size-11 place-items-center rounded-full bg-primary-soft text-primary dark:text-accent-foreground">
        <KeyRound className="size-5" aria-hidden />
      </span>
      <h2 className="mt-3 text-lg font-semibold">API keys arrive in the next step</h2>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        Creating API keys, the public API's endpoints, request logs and documentation are not available yet. Until then, Catalyst's own API is used with a signed-in session.
      </p>
    </Card>
  );
}
