import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UiProvider } from '@mako/ui';
import { DeferredToaster } from './components/deferred-toaster.tsx';
import { ThemeModeProvider, useThemeMode } from './lib/site/theme.tsx';

function ThemedUi({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  return (
    <UiProvider mode={mode}>
      {children}
      <DeferredToaster />
    </UiProvider>
  );
}

/** Theme (persisted), design system, toasts and the query client: everything around the router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeModeProvider>
      <ThemedUi>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemedUi>
    </ThemeModeProvider>
  );
}
