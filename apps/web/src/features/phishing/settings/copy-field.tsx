import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A value to copy (an address, a URL): read-only, selected on focus, with a copy button. */
export function CopyField({
  label,
  value,
  description,
  testId,
}: {
  label: string;
  value: string;
  description?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      readOnly
      value={value}
      onFocus={(e) => e.currentTarget.select()}
      data-testid={testId}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('phishing.settings.copied') : t('phishing.settings.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('phishing.settings.copyOf', { label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
