import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { PHISHING_MESSAGES, customTemplateId, type PhishingTemplateSummary } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showMessage } from '../../../components/app-messages.ts';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCompany, useIsAdmin } from '../../../lib/session/index.ts';
import { useDeleteCustomTemplate, usePhishingTemplates } from '../api/phishing-api.ts';
import { TemplateFilters } from '../components/template-filters.tsx';
import { TemplateGrid } from '../components/template-grid.tsx';
import { TemplatePreviewModal } from '../components/template-preview-modal.tsx';
import { PHISHING_PATHS } from '../phishing-paths.ts';
import { translatePhishingError, translatePhishingMessage } from '../phishing-messages.ts';
import { filterTemplates, NO_TEMPLATE_FILTER } from './template-filter.ts';

/** /phishing/templates: the library and the company's own templates, filtered and previewed. */
export function PhishingTemplatesPage() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const templates = usePhishingTemplates(company.company_id, i18n.language);
  const remove = useDeleteCustomTemplate(company.company_id);
  const [filter, setFilter] = useState(NO_TEMPLATE_FILTER);
  const [previewed, setPreviewed] = useState<PhishingTemplateSummary | null>(null);
  const shown = useMemo(
    () => templates.data && filterTemplates(templates.data, filter),
    [templates.data, filter],
  );

  const confirmDelete = (template: PhishingTemplateSummary, id: string) =>
    openConfirmDialog({
      title: t('phishing.templates.deleteTitle'),
      message: t('phishing.templates.deleteConfirm', { name: template.name }),
      confirmLabel: t('phishing.templates.delete'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () =>
            showMessage({
              type: 'success',
              message: translatePhishingMessage(t, PHISHING_MESSAGES.templateDeleted),
            }),
          onError: (error) => showMessage({ type: 'error', message: translatePhishingError(t, error) }),
        }),
    });

  const customActions = (template: PhishingTemplateSummary) => {
    const id = customTemplateId(template.id);
    if (!id || !isAdmin) return null;
    return (
      <Group gap={4}>
        <Tooltip label={t('phishing.templates.edit')}>
          <ActionIcon
            component={Link}
            to={PHISHING_PATHS.editTemplate(id)}
            variant="subtle"
            aria-label={t('phishing.templates.editOf', { name: template.name })}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('phishing.templates.delete')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => confirmDelete(template, id)}
            aria-label={t('phishing.templates.deleteOf', { name: template.name })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  };

  return (
    <>
      <PageHeader
        title={t('phishing.templates.title')}
        description={t('phishing.templates.description')}
        actions={
          isAdmin && (
            <Button component={Link} to={PHISHING_PATHS.newTemplate} leftSection={<IconPlus size={18} />}>
              {t('phishing.templates.new')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <TemplateFilters value={filter} onChange={setFilter} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('phishing.templates.count', { count: shown?.length ?? 0, total: templates.data?.length ?? 0 })}
        </Text>
        {templates.isError ? (
          <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
        ) : (
          <TemplateGrid
            templates={shown}
            onPreview={setPreviewed}
            actions={customActions}
            empty={
              <Text c="dimmed" size="sm">
                {t('phishing.templates.noMatch')}
              </Text>
            }
          />
        )}
      </Stack>
      <TemplatePreviewModal company={company} template={previewed} onClose={() => setPreviewed(null)} />
    </>
  );
}
