import { AlertTriangle, RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { NotFoundPage } from './not-found-page';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error))
    return error.statusText || (typeof error.data === 'string' ? error.data : '') || `Error ${error.status}`;
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An unknown error occurred. Please try again.';
}

/** The route error boundary: "Unexpected Application Error!" with the status text or message. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="grid min-h-[60dvh] place-items-center px-6 py-16">
      <div className="w-full max-w-lg space-y-4 rounded-xl border border-destructive/25 bg-surface p-6 shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <div className="grid size-10 shrink-0 place-items-center rounded-lg bg-destructive/10 text-destructive">
            <AlertTriangle className="size-5" aria-hidden />
          </div>
          <h1 className="text-xl font-semibold tracking-tight">Unexpected Application Error!</h1>
        </div>
        <p className="rounded-md bg-muted px-3 py-2.5 font-mono text-[13px] leading-5 break-words text-foreground">
          {describe(error)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCcw aria-hidden /> Reload
          </Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Return to Home
          </Button>
        </div>
      </div>
    </div>
  );
}
