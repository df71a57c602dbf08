import { Group, Select, TextInput } from '@mantine/core';
import { PHISHING_MESSAGES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { useCurrentUser } from '../../../lib/session/index.ts';
import { PreviewCard, SendPreviewButton } from '../../campaigns/index.ts';
import { useTestSend } from '../api/phishing-api.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';

interface TestSendFormProps {
  companyId: string;
  senderProfileId: string | null;
  templates: readonly { id: string; name: string }[];
}

/** Sends one template to one address, marked as a test and never tracked: does it arrive unfiltered? */
export function TestSendForm({ companyId, senderProfileId, templates }: TestSendFormProps) {
  const { t, i18n } = useTranslation();
  const send = useTestSend(companyId);
  const [email, setEmail] = useState(useCurrentUser().data?.email ?? '');
  const [chosen, setChosen] = useState<string | null>(null);
  const templateId = chosen ?? templates[0]?.id ?? null;
  const submit = () =>
    templateId &&
    send.mutate(
      { email, templateId, language: i18n.language.split('-')[0] ?? 'en', senderProfileId },
      {
        onSuccess: () =>
          showMessage({ type: 'success', message: translatePhishingMessage(t, PHISHING_MESSAGES.testSent) }),
      },
    );
  return (
    <PreviewCard
      title={t('phishing.test.title')}
      description={t('phishing.test.description')}
      testId="test-send"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          style={{ flex: '1 1 220px' }}
          label={t('phishing.test.template')}
          data={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          value={templateId}
          onChange={setChosen}
          allowDeselect={false}
          searchable
          data-testid="test-template"
        />
        <TextInput
          style={{ flex: '1 1 220px' }}
          label={t('phishing.test.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={send.isError ? translatePhishingError(t, send.error) : null}
          required
          data-testid="test-email"
        />
        <SendPreviewButton
          label={t('phishing.test.send')}
          onClick={submit}
          sending={send.isPending}
          disabled={!templateId || email.trim() === ''}
        />
      </Group>
    </PreviewCard>
  );
}
