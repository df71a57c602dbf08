import { ActionIcon, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PACKAGE_LIMITS, PACKAGE_ROUTES, type Cmi5Package } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../components/app-messages.ts';
import { openConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FreshModal } from '../../components/fresh-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryTable, type QueryTableColumn } from '../../components/query-table.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { useCompany, useIsAdmin } from '../../lib/session/index.ts';
import { translateError } from '../../lib/translate-message.ts';
import { formatPercent } from '../campaigns/index.ts';
import { pageCount, TablePager } from '../employees/index.ts';
import { PackageDownloadIcon } from '../scorm/index.ts';
import { useCmi5Packages, useDeleteCmi5Package } from './cmi5-api.ts';
import { Cmi5Form } from './cmi5-form.tsx';

/**
 * /cmi5 (spec 3 §2.7): the company's cmi5 packages — assessment questions grouped into assignable
 * units — listed, created, deleted after a confirmation, and downloaded in each format. The route
 * exists only when the cmi5 feature is on.
 */
export function Cmi5Page() {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const isAdmin = useIsAdmin();
  const [page, setPage] = useState(1);
  const [creating, createModal] = useDisclosure(false);
  const list = useCmi5Packages(company.company_id, page);
  const remove = useDeleteCmi5Package(company.company_id);

  const confirmDelete = (pkg: Cmi5Package) =>
    openConfirmDialog({
      title: t('packages.cmi5.delete.title'),
      message: t('packages.cmi5.delete.message', { name: pkg.name }),
      confirmLabel: t('packages.cmi5.delete.confirm'),
      cancelLabel: t('actions.cancel'),
      danger: true,
      onConfirm: () =>
        remove.mutate(pkg.id, {
          onSuccess: () => {
            showMessage({ type: 'success', message: t('packages.cmi5.delete.done', { name: pkg.name }) });
            if (list.data?.rows.length === 1 && page > 1) setPage(page - 1);
          },
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        }),
    });

  const percent = (value: number | null) => formatPercent(value, t('packages.table.none'));
  const columns: QueryTableColumn<Cmi5Package>[] = [
    {
      key: 'name',
      header: t('packages.cmi5.columns.name'),
      cell: (pkg) => (
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {pkg.name}
          </Text>
          {pkg.definition.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {pkg.definition.description}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'units',
      header: t('packages.cmi5.columns.units'),
      align: 'right',
      cell: (pkg) => pkg.definition.assignableUnits.length,
    },
    {
      key: 'created',
      header: t('packages.table.created'),
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (pkg) => formatShortDate(pkg.created, i18n.language),
    },
    {
      key: 'validTo',
      header: t('packages.cmi5.columns.validTo'),
      td: { style: { whiteSpace: 'nowrap' } },
      cell: (pkg) => (pkg.validTo ? formatShortDate(pkg.validTo, i18n.language) : t('packages.cmi5.open')),
    },
    { key: 'learners', header: t('packages.table.learners'), align: 'right', cell: (pkg) => pkg.learners },
    {
      key: 'completion',
      header: t('packages.table.completion'),
      align: 'right',
      cell: (pkg) => percent(pkg.completion),
    },
    { key: 'score', header: t('packages.table.score'), align: 'right', cell: (pkg) => percent(pkg.score) },
    {
      key: 'actions',
      header: t('packages.cmi5.columns.actions'),
      hiddenHeader: true,
      width: 96,
      cell: (pkg) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <PackageDownloadIcon
            kind="cmi5"
            path={PACKAGE_ROUTES.cmi5Download(company.company_id, pkg.id)}
            name={pkg.name}
          />
          {isAdmin && (
            <Tooltip label={t('packages.cmi5.delete.of', { name: pkg.name })} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('packages.cmi5.delete.of', { name: pkg.name })}
                loading={remove.isPending && remove.variables === pkg.id}
                onClick={() => confirmDelete(pkg)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
  const total = list.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t('pages.cmi5')}
        description={t('packages.cmi5.description')}
        actions={
          isAdmin && (
            <Button leftSection={<IconPlus size={18} />} onClick={createModal.open}>
              {t('packages.cmi5.create')}
            </Button>
          )
        }
      />
      <Card p={0}>
        <QueryTable
          query={list}
          rows={list.data?.rows}
          rowKey={(pkg) => pkg.id}
          rowTestId={() => 'cmi5-row'}
          columns={columns}
          empty={t('packages.cmi5.empty')}
          minWidth={820}
          testId="cmi5-table"
        />
      </Card>
      {total > PACKAGE_LIMITS.pageSize && (
        <Group justify="flex-end" mt="md">
          <TablePager page={page} totalPages={pageCount(total, PACKAGE_LIMITS.pageSize)} onChange={setPage} />
        </Group>
      )}
      <FreshModal
        opened={creating}
        onClose={createModal.close}
        title={t('packages.cmi5.create')}
        size="lg"
        testId="cmi5-create"
      >
        <Cmi5Form
          companyId={company.company_id}
          onCancel={createModal.close}
          onCreated={(name) => {
            createModal.close();
            setPage(1);
            showMessage({ type: 'success', message: t('packages.cmi5.created', { name }) });
          }}
        />
      </FreshModal>
    </>
  );
}
