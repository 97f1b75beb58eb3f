import { ArrowLeft, Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/page';

/** The stand-alone not-found page, outside the shell (spec document 1 §2.1). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <div className="p-6">
        <Logo />
      </div>
      <main className="grid flex-1 place-items-center px-6 pb-24 text-center">
        <div className="space-y-4">
          <p className="bg-gradient-to-br from-indigo-500 to-violet-600 bg-clip-text text-7xl font-bold tracking-tight text-transparent sm:text-8xl">
            404
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">Oops! Page not found</h1>
          <p className="mx-auto max-w-sm text-sm text-muted-foreground">
            The page you are looking for does not exist or has been moved.
          </p>
          <Button asChild className="mt-2">
            <Link to="/">Return to Home</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

/** The not-found screen inside the shell, for unknown protected paths. */
export function InShellNotFound() {
  const { pathname } = useLocation();
  return (
    <Page className="grid min-h-[calc(100dvh-4rem)] place-items-center">
      <div className="max-w-md space-y-4 text-center" data-testid="in-shell-not-found">
        <div className="mx-auto grid size-14 place-items-center rounded-xl bg-muted text-muted-foreground">
          <Compass className="size-7" aria-hidden />
        </div>
        <p className="text-sm font-semibold text-primary dark:text-accent-foreground">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-sm leading-6 break-words text-muted-foreground">
          There is nothing at{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[13px] text-foreground">
            {pathname}
          </code>
          . Check the address, or pick a page from the menu.
        </p>
        <Button asChild variant="secondary">
          <Link to="/">
            <ArrowLeft aria-hidden /> Back to Decision Hub
          </Link>
        </Button>
      </div>
    </Page>
  );
}
