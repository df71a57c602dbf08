import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../lib/query-client.ts';
import { readableCssVariables } from '../../lib/readable-colors.ts';
import { useCurrentCompany } from '../../lib/session/index.ts';
import { createAppTheme } from './app-theme.ts';

function ThemedProviders({ children }: { children: ReactNode }) {
  const colorMain = useCurrentCompany().company?.brand.primaryColor;
  // Above the router's Suspense: the labels follow once the interface texts have loaded.
  const { t } = useTranslation(undefined, { useSuspense: false });
  const close = t('actions.close');
  const theme = useMemo(() => createAppTheme(colorMain, { close }), [colorMain, close]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableCssVariables} defaultColorScheme="light">
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
