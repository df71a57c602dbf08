import { Badge, Group, List, Modal, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import type { Company } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { languageName } from '../../../lib/language-name.ts';
import { useTemplatePreview } from '../api/phishing-api.ts';
import { MailPreview } from './mail-preview.tsx';
import { previewLanguage } from './preview-language.ts';

interface TemplatePreviewModalProps {
  /** The company whose employees would get the mail: its id, and the language most of them get it in. */
  company: Pick<Company, 'company_id' | 'defaultLanguage'>;
  /** The template shown, or null when closed. */
  template: { id: string; name: string; languages: readonly string[] } | null;
  onClose: () => void;
}

/** A template as the employee would get it (sample personalisation), and the red flags it holds. */
export function TemplatePreviewModal({ company, template, onClose }: TemplatePreviewModalProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const languages = template?.languages ?? [];
  // The company's language first (what its employees get), then the interface's.
  const preferred = previewLanguage(languages, company.defaultLanguage, i18n.language);
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen && languages.includes(chosen) ? chosen : preferred;
  const preview = useTemplatePreview(company.company_id, template?.id ?? null, language);

  return (
    <Modal
      opened={template !== null}
      onClose={() => {
        setChosen(null);
        onClose();
      }}
      title={template?.name}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md" data-testid="template-preview">
        {languages.length > 1 && (
          <Select
            label={t('phishing.preview.language')}
            data={languages.map((code) => ({ value: code, label: languageName(code, i18n.language) }))}
            value={language}
            onChange={(value) => setChosen(value)}
            allowDeselect={false}
            maw={240}
          />
        )}
        {preview.isError ? (
          <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data ? (
          <Skeleton h={420} />
        ) : (
          <>
            <MailPreview
              title={t('phishing.preview.frame')}
              from={`${preview.data.fromName} <${preview.data.fromAddress}>`}
              subject={preview.data.subject}
              html={preview.data.html}
              height={phone ? '55vh' : 420}
            />
            <Stack gap="xs">
              <Title order={3} fz="md">
                <Group gap={6} component="span">
                  <IconFlag size={18} aria-hidden />
                  {t('phishing.preview.redFlags', { count: preview.data.redFlags.length })}
                </Group>
              </Title>
              <List spacing="xs" size="sm" data-testid="red-flags">
                {preview.data.redFlags.map((flag) => (
                  <List.Item key={flag.id}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      <Badge size="xs" variant="light" color="red" tt="none" style={{ flexShrink: 0 }}>
                        {t(`phishing.flagLocations.${flag.location}`, { defaultValue: flag.location })}
                      </Badge>
                      <Text size="sm">
                        <Text span fw={600} size="sm">
                          {flag.title}
                        </Text>
                        {' — '}
                        {flag.explanation}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </>
        )}
      </Stack>
    </Modal>
  );
}
