import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PHISHING_KEY_NAMES, unknownPhishingKeys } from '@vigil/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface HtmlEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  testId?: string;
}

/**
 * A custom template's HTML: a plain code field with the personalisation keys to insert at the caret,
 * and a warning for any key the sender would not know. The preview beside it is sandboxed, and the
 * server sanitises what is saved, so the field itself need not understand HTML.
 */
export function HtmlEditor({ label, value, onChange, error, testId }: HtmlEditorProps) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  const unknown = unknownPhishingKeys(value);

  const insert = (key: string) => {
    const el = field.current;
    const token = `{{${key}}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Stack gap="xs">
      <Textarea
        ref={field}
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={14}
        maxRows={28}
        spellCheck={false}
        error={error}
        data-testid={testId}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Text size="xs" c="dimmed" id="phishing-keys-hint">
        {t('phishing.editor.keysHint')}
      </Text>
      <Group gap={6} aria-describedby="phishing-keys-hint">
        {PHISHING_KEY_NAMES.map((key) => (
          <Button key={key} size="compact-xs" variant="default" onClick={() => insert(key)}>
            {`{{${key}}}`}
          </Button>
        ))}
      </Group>
      {unknown.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="unknown-keys">
          {t('phishing.editor.unknownKeys', { keys: unknown.map((k) => `{{${k}}}`).join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}
