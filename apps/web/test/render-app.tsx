import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../src/app/providers';
import { routes } from '../src/app/routes';
import { ThemeProvider } from '../src/app/theme';
import { TooltipProvider } from '../src/components/ui/tooltip';
import { saveSession } from '../src/lib/session';
import { SIGNED_IN_USER } from './setup';

export function signIn(): void {
  saveSession(SIGNED_IN_USER);
}

/** Renders the real route table at `path` with the app's providers. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { router, ...utils };
}
