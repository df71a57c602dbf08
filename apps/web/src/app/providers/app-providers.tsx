import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { queryClient } from '../../lib/query-client.ts';
import { useCurrentCompany } from '../../lib/session/index.ts';
import { createAppTheme } from './app-theme.ts';

function ThemedProviders({ children }: { children: ReactNode }) {
  const colorMain = useCurrentCompany().company?.color_main;
  const theme = useMemo(() => createAppTheme(colorMain), [colorMain]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProviders>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}
