import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import type { AzureConnect, DirectoryProduct, GoogleConnect } from '@vigil/shared';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectFlow } from '../use-connect.ts';
import { ConnectErrorDialog } from './connect-error-dialog.tsx';

/**
 * The connect form of a directory (spec 3 §4: a directory not enabled shows it): its title, the steps an
 * admin takes in the directory's console, the fields, 'Connect', and the 'Something went wrong' dialog
 * with what the directory answered when connecting fails.
 */
export function ConnectForm({
  companyId,
  product,
  title,
  intro,
  steps,
  cantConnect,
  onSubmit,
  children,
}: {
  companyId: string;
  product: DirectoryProduct;
  title: string;
  intro?: string;
  steps: ReactNode[];
  /** The dialog's text (Azure AD's by default). */
  cantConnect?: string;
  /** The form's submit handler, given the flow's connect (Mantine's form.onSubmit around it). */
  onSubmit: (
    connect: (values: AzureConnect | GoogleConnect) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const flow = useConnectFlow(companyId, product);
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={onSubmit(flow.connect)} data-testid={`${product}-connect-form`}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
          <List size="sm" type="ordered" spacing={4}>
            {steps.map((step, i) => (
              <List.Item key={i}>{step}</List.Item>
            ))}
          </List>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={flow.connecting} leftSection={<IconPlugConnected size={18} />}>
              {t('integrations.connect')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConnectErrorDialog
        details={flow.details}
        {...(cantConnect ? { text: cantConnect } : {})}
        onClose={flow.closeDetails}
      />
    </Card>
  );
}
