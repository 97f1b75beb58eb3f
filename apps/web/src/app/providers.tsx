import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '../components/ui/tooltip';
import { ApiError } from '../lib/api';
import { ThemeProvider, useTheme } from './theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  // Spec document 1 §9: toasts last about 4 to 5 seconds, at most 3 visible.
  return (
    <Toaster
      theme={resolvedTheme}
      position="top-right"
      visibleToasts={3}
      duration={4500}
      richColors
      closeButton
      // sonner brings its own font stack; use the app's.
      style={{ fontFamily: 'var(--font-sans)' }}
    />
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <TooltipProvider delayDuration={300}>
          {children}
          <ThemedToaster />
        </TooltipProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
