import { Alert, Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { PhishingTemplateMode, PhishingTemplateSummary } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { StepSection } from '../../campaigns/index.ts';
import { usePhishingTemplates } from '../api/phishing-api.ts';
import { TemplateFilters } from '../components/template-filters.tsx';
import { TemplateGrid } from '../components/template-grid.tsx';
import { TemplatePreviewModal } from '../components/template-preview-modal.tsx';
import { filterTemplates, NO_TEMPLATE_FILTER } from '../templates/template-filter.ts';
import type { StepProps } from './step-props.ts';
import { isRunning } from './wizard-state.ts';

/**
 * Step 1: which mails go out — the chosen templates in turn, or a random mix per employee (from the
 * ticked templates, or the whole library when none is ticked) so colleagues cannot warn each other
 * about "the" phishing mail.
 */
export function TemplatesStep({ company, draft, dispatch }: StepProps) {
  const { t, i18n } = useTranslation();
  const templates = usePhishingTemplates(company.company_id, i18n.language);
  const [filter, setFilter] = useState(NO_TEMPLATE_FILTER);
  const [previewed, setPreviewed] = useState<PhishingTemplateSummary | null>(null);
  const shown = useMemo(
    () => templates.data && filterTemplates(templates.data, filter),
    [templates.data, filter],
  );
  const locked = isRunning(draft);
  const count = draft.templateIds.length;

  return (
    <StepSection
      title={t('phishing.wizard.templates.title')}
      description={t('phishing.wizard.templates.description')}
    >
      {locked && (
        <Alert color="blue" variant="light" icon={<IconLock />}>
          {t('phishing.wizard.lockedRunning')}
        </Alert>
      )}
      <Card>
        <Radio.Group
          label={t('phishing.wizard.templates.mode')}
          value={draft.templateMode}
          onChange={(mode) => dispatch({ type: 'templateMode', mode: mode as PhishingTemplateMode })}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="random"
              disabled={locked}
              label={t('phishing.wizard.templates.random')}
              description={t('phishing.wizard.templates.randomHint')}
              data-testid="mode-random"
            />
            <Radio
              value="selected"
              disabled={locked}
              label={t('phishing.wizard.templates.selected')}
              description={t('phishing.wizard.templates.selectedHint')}
              data-testid="mode-selected"
            />
          </Stack>
        </Radio.Group>
      </Card>
      <TemplateFilters value={filter} onChange={setFilter} />
      <Group justify="space-between" gap="sm">
        <Text size="sm" aria-live="polite" data-testid="templates-chosen">
          {draft.templateMode === 'random' && count === 0
            ? t('phishing.wizard.templates.wholeLibrary', { count: templates.data?.length ?? 0 })
            : t('phishing.wizard.templates.chosen', { count })}
        </Text>
        {count > 0 && !locked && (
          <Button variant="subtle" size="xs" onClick={() => dispatch({ type: 'setTemplates', ids: [] })}>
            {t('phishing.wizard.templates.clear')}
          </Button>
        )}
      </Group>
      {draft.templateMode === 'selected' && count === 0 && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
          {t('phishing.wizard.templates.pickOne')}
        </Alert>
      )}
      {templates.isError ? (
        <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <TemplateGrid
          templates={shown}
          onPreview={setPreviewed}
          selection={{
            ids: draft.templateIds,
            onToggle: (id, selected) => dispatch({ type: 'toggleTemplate', id, selected }),
            disabled: locked,
          }}
          empty={
            <Text c="dimmed" size="sm">
              {t('phishing.templates.noMatch')}
            </Text>
          }
        />
      )}
      <TemplatePreviewModal company={company} template={previewed} onClose={() => setPreviewed(null)} />
    </StepSection>
  );
}
