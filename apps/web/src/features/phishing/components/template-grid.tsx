import { Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconEye, IconFlag } from '@tabler/icons-react';
import { fillPhishingText, PHISHING_SAMPLE_VARS, type PhishingTemplateSummary } from '@vigil/shared';
import { useCompany } from '../../../lib/session/index.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DifficultyBadge, LureBadge } from './template-badges.tsx';

interface TemplateGridProps {
  templates: readonly PhishingTemplateSummary[] | undefined;
  onPreview: (template: PhishingTemplateSummary) => void;
  /** With a checkbox per card: the ticked ones and what ticking does. */
  selection?: {
    ids: readonly string[];
    onToggle: (id: string, selected: boolean) => void;
    disabled?: boolean;
  };
  /** More actions of a card (edit and delete a custom template). */
  actions?: (template: PhishingTemplateSummary) => ReactNode;
  empty: ReactNode;
}

/** Templates as cards: name, sender and subject, lure kind, difficulty and red flags, a preview. */
export function TemplateGrid({ templates, onPreview, selection, actions, empty }: TemplateGridProps) {
  const { t } = useTranslation();
  const company = useCompany();
  // Sender names and subjects read as an employee would see them: the company's own name, samples else.
  const vars = { ...PHISHING_SAMPLE_VARS, 'company.name': company.company_name };
  const fill = (text: string) => fillPhishingText(text, vars);
  if (!templates)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (templates.length === 0) return empty;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="template-grid">
      {templates.map((template) => {
        const checked = selection?.ids.includes(template.id) ?? false;
        return (
          <Card
            key={template.id}
            withBorder
            padding="md"
            data-testid="template-card"
            data-template={template.id}
            style={checked ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
          >
            <Stack gap="xs" h="100%">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                {selection ? (
                  <Checkbox
                    checked={checked}
                    disabled={selection.disabled}
                    onChange={(e) => selection.onToggle(template.id, e.currentTarget.checked)}
                    label={
                      <Text fw={600} size="sm">
                        {template.name}
                      </Text>
                    }
                  />
                ) : (
                  <Text fw={600} size="sm">
                    {template.name}
                  </Text>
                )}
                <DifficultyBadge difficulty={template.difficulty} />
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {fill(template.senderName)}
              </Text>
              <Text size="sm" lineClamp={2} style={{ flexGrow: 1 }}>
                {fill(template.subject)}
              </Text>
              <Group gap={6}>
                <LureBadge lure={template.lureKind} />
                {template.source === 'custom' && (
                  <Text size="xs" c="dimmed">
                    {t('phishing.templates.custom')}
                  </Text>
                )}
                <Group gap={4} wrap="nowrap">
                  <IconFlag size={14} aria-hidden />
                  <Text size="xs">{t('phishing.templates.flags', { count: template.redFlagsCount })}</Text>
                </Group>
              </Group>
              <Group gap="xs" justify="space-between">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEye size={14} />}
                  onClick={() => onPreview(template)}
                  aria-label={t('phishing.templates.previewOf', { name: template.name })}
                >
                  {t('phishing.templates.preview')}
                </Button>
                {actions?.(template)}
              </Group>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
