import {
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import {
  ASSESSMENT_LIMITS,
  trackingRules,
  type AssessmentEmployeeRow,
  type AssessmentUsersQuery,
  type AssessmentView,
} from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../../lib/format-date.ts';
import { EmployeeRowActions, useCopyLinkFrom } from '../../campaigns/index.ts';
import { useAssessmentSigninLink, useAssessmentUsers } from '../api/assessment-reports-api.ts';
import { showsPager } from './report-rules.ts';
import { ReportTable, type ReportColumn } from './report-table.tsx';
import {
  isRiskRange,
  NO_SCORE_RANGE,
  RISK_SCORE_RANGE,
  scoreRangeError,
  scoreRangeQuery,
  toScoreValue,
  type ScoreRangeInput,
} from './score-range.ts';
import { ScoreValue } from './score-value.tsx';

type Order = NonNullable<AssessmentUsersQuery['order']>;
type Direction = 'asc' | 'desc';
export type EmployeesView = 'all' | 'risk' | 'bounced';

export interface EmployeesPreset {
  view: EmployeesView;
  listId?: string;
}

interface EmployeesReportProps {
  companyId: string;
  assessment: Pick<AssessmentView, 'id' | 'isScorm' | 'lists' | 'anonymousTracking' | 'canRemind'>;
  isAdmin: boolean;
  /** The threat-area page narrows the employees, and their scores, to its area. */
  threatArea?: string;
  preset?: EmployeesPreset;
  /** The bounced emails modal shows that one view only. */
  fixedView?: boolean;
  /** The threat-area page filters by list above the whole page instead. */
  withListFilter?: boolean;
  onRemind?: (emails: string[]) => void;
}

function SortHeader({
  label,
  active,
  direction,
  onSort,
}: {
  label: string;
  active: boolean;
  direction: Direction;
  onSort: () => void;
}) {
  const Icon = active ? (direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <UnstyledButton onClick={onSort}>
      <Group gap={4} wrap="nowrap">
        <Text component="span" fw={600} size="sm">
          {label}
        </Text>
        <Icon size={14} stroke={2} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
      </Group>
    </UnstyledButton>
  );
}

/**
 * Spec 2 employees report: one server page of the assessment's employees, searched (debounced), by list
 * and score range, sorted; a quick view of the employees at risk (0–49) and of bounced emails.
 */
export function EmployeesReport({
  companyId,
  assessment,
  isAdmin,
  threatArea,
  preset,
  fixedView = false,
  withListFilter = true,
  onRemind,
}: EmployeesReportProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [listId, setListId] = useState<string | null>(preset?.listId ?? null);
  const [bounced, setBounced] = useState(preset?.view === 'bounced');
  const [range, setRange] = useState<ScoreRangeInput>(
    preset?.view === 'risk' ? RISK_SCORE_RANGE : NO_SCORE_RANGE,
  );
  // Under anonymous tracking nobody is searched or ordered by who they are (lib/privacy.ts on the server).
  const identities = trackingRules(assessment.anonymousTracking).identities;
  const [sort, setSort] = useState<{ order: Order; d: Direction }>({
    order: identities ? 'name' : 'completed',
    d: 'asc',
  });
  const [filter] = useDebouncedValue(search.trim(), ASSESSMENT_LIMITS.debounceMs);
  const [settledRange] = useDebouncedValue(range, ASSESSMENT_LIMITS.debounceMs);

  const narrowing = {
    filter: filter || undefined,
    listId: listId ?? undefined,
    threatArea,
    status: bounced ? ('bounced' as const) : ('all' as const),
    ...(bounced ? {} : scoreRangeQuery(settledRange)),
    ...sort,
  };
  // Any new narrowing starts again at the first page.
  const signature = JSON.stringify(narrowing);
  const [paging, setPaging] = useState({ signature, p: 1 });
  const page = paging.signature === signature ? paging.p : 1;
  const users = useAssessmentUsers(companyId, assessment.id, {
    ...narrowing,
    p: page,
    n: ASSESSMENT_LIMITS.pageSize,
  });
  const signinLink = useCopyLinkFrom(useAssessmentSigninLink(companyId, assessment.id));

  const rangeError = scoreRangeError(range);
  const view: EmployeesView = bounced ? 'bounced' : isRiskRange(range) ? 'risk' : 'all';
  const chooseView = (next: EmployeesView) => {
    setBounced(next === 'bounced');
    setRange(next === 'risk' ? RISK_SCORE_RANGE : NO_SCORE_RANGE);
  };
  const total = users.data?.total ?? 0;
  const anonymous = assessment.anonymousTracking;
  const canCopyLink = isAdmin && !anonymous;
  const remindable = Boolean(onRemind) && assessment.canRemind && !anonymous;
  const narrowed =
    Boolean(filter) || listId !== null || (!bounced && Object.keys(scoreRangeQuery(settledRange)).length > 0);

  const sortable = (
    order: Order,
    label: string,
  ): Pick<ReportColumn<AssessmentEmployeeRow>, 'label' | 'sort'> => ({
    label: (
      <SortHeader
        label={label}
        active={sort.order === order}
        direction={sort.d}
        onSort={() => setSort((s) => ({ order, d: s.order === order && s.d === 'asc' ? 'desc' : 'asc' }))}
      />
    ),
    sort: sort.order === order ? (sort.d === 'asc' ? 'ascending' : 'descending') : 'none',
  });

  const columns: ReportColumn<AssessmentEmployeeRow>[] = [
    {
      key: 'name',
      ...(identities
        ? sortable('name', t('assessmentReports.employees.name'))
        : { label: t('assessmentReports.employees.name') }),
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.name || t('assessmentReports.employees.anonymous')}
        </Text>
      ),
    },
    ...(bounced
      ? []
      : [
          {
            key: 'completed',
            ...sortable('completed', t('assessmentReports.employees.completed')),
            render: (row: AssessmentEmployeeRow) =>
              row.completedDate ? formatShortDate(row.completedDate, i18n.language) : '—',
          },
        ]),
    ...(anonymous
      ? []
      : [
          {
            key: 'list',
            ...sortable('list', t('assessmentReports.employees.list')),
            render: (row: AssessmentEmployeeRow) => row.listName || '—',
          },
        ]),
    {
      key: 'email',
      ...(identities
        ? sortable('email', t('assessmentReports.employees.email'))
        : { label: t('assessmentReports.employees.email') }),
      render: (row) => row.email || '—',
    },
    ...(bounced
      ? []
      : [
          {
            key: 'score',
            ...sortable('score', t('assessmentReports.employees.score')),
            align: 'right' as const,
            render: (row: AssessmentEmployeeRow) => <ScoreValue score={row.scorePercent} size="sm" />,
          },
        ]),
    ...(!bounced && (canCopyLink || remindable)
      ? [
          {
            key: 'actions',
            label: '',
            render: (row: AssessmentEmployeeRow) => (
              <EmployeeRowActions
                employee={row}
                canRemind={remindable}
                canCopyLink={canCopyLink}
                copying={signinLink.pendingEmail === row.email}
                onRemind={() => onRemind?.([row.email])}
                onCopyLink={() => signinLink.copy(row.email)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="sm" data-testid="employees-report">
      {!fixedView && !assessment.isScorm && (
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={view}
          onChange={(value) => chooseView(value as EmployeesView)}
          data={(['all', 'risk', 'bounced'] as const).map((value) => ({
            value,
            label: t(`assessmentReports.employees.views.${value}`),
          }))}
        />
      )}
      <Group gap="sm" align="flex-start" wrap="wrap">
        {identities && (
          <TextInput
            aria-label={t('assessmentReports.employees.search')}
            placeholder={t('assessmentReports.employees.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
        )}
        {withListFilter && !anonymous && assessment.lists.length > 1 && (
          <Select
            aria-label={t('assessmentReports.employees.list')}
            placeholder={t('assessmentReports.employees.allLists')}
            data={assessment.lists.map((list) => ({ value: list.id, label: list.name }))}
            value={listId}
            onChange={setListId}
            clearable
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {!bounced && (
          <Stack gap={4}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NumberInput
                aria-label={t('assessmentReports.employees.minScore')}
                placeholder={t('assessmentReports.employees.minScore')}
                min={0}
                max={100}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={range.min}
                onChange={(value) => setRange((r) => ({ ...r, min: toScoreValue(value) }))}
                w={110}
                rightSection="%"
              />
              <NumberInput
                aria-label={t('assessmentReports.employees.maxScore')}
                placeholder={t('assessmentReports.employees.maxScore')}
                min={0}
                max={100}
                clampBehavior="strict"
                allowDecimal={false}
                allowNegative={false}
                value={range.max}
                onChange={(value) => setRange((r) => ({ ...r, max: toScoreValue(value) }))}
                w={110}
                rightSection="%"
                error={Boolean(rangeError)}
                aria-describedby={rangeError ? 'score-range-error' : undefined}
                data-testid="max-score"
              />
            </Group>
            {rangeError && (
              <Text id="score-range-error" size="xs" c="red" role="alert" maw={260}>
                {t('assessmentReports.employees.rangeError')}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      <ReportTable
        testId="assessment-employees-table"
        rows={users.data?.rows}
        error={users.error}
        onRetry={() => void users.refetch()}
        stale={users.isPlaceholderData}
        rowKey={(row, index) => row.email || String(index)}
        minWidth={bounced ? 480 : 760}
        empty={
          narrowed
            ? t('assessmentReports.employees.noMatch')
            : bounced
              ? t('assessmentReports.employees.noBounced')
              : t('assessmentReports.employees.empty')
        }
        columns={columns}
        pager={
          showsPager(assessment.isScorm ? 'scormUsers' : 'users', total)
            ? { page, total, size: ASSESSMENT_LIMITS.pageSize, onChange: (p) => setPaging({ signature, p }) }
            : null
        }
      />
    </Stack>
  );
}
