import { Button, Card, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The summary step's preview block: what a preview is, and its form. */
export function PreviewCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <Title order={3} fz="md" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}

interface SendPreviewButtonProps {
  label: string;
  onClick: () => void;
  sending: boolean;
  /** Nothing to send to yet, or something in the campaign blocks previews. */
  disabled: boolean;
}

/** Sends the preview mails to the recipients typed above it. */
export function SendPreviewButton({ label, onClick, sending, disabled }: SendPreviewButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconSend size={16} />}
      onClick={onClick}
      loading={sending}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
