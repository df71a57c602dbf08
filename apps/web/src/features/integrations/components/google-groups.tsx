import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DIRECTORY_MESSAGES, GROUP_RULE, type GroupRule } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { QueryTable } from '../../../components/query-table.tsx';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useSaveRules } from '../api/integrations.ts';
import { GroupPager, GroupSearch, useConfirmGroupRemoval, useGroupPages } from './group-browser.tsx';

type Choice = 'none' | 'include' | 'exclude';
const RULE_OF: Record<Exclude<Choice, 'none'>, 1 | 2> = {
  include: GROUP_RULE.included,
  exclude: GROUP_RULE.excluded,
};
const choiceOf = (rule: number | undefined): Choice =>
  rule === GROUP_RULE.included ? 'include' : rule === GROUP_RULE.excluded ? 'exclude' : 'none';

/**
 * Google groups with their rules (spec 3 §3: 1 included, 2 excluded): members of an included group are
 * synced unless they are also in an excluded one.
 */
export function GoogleGroups({ companyId, rules }: { companyId: string; rules: GroupRule[] }) {
  const { t } = useTranslation();
  const pages = useGroupPages(companyId, 'google');
  const { groups } = pages;
  const save = useSaveRules(companyId, 'google');
  const confirmRemoval = useConfirmGroupRemoval();
  const ruleOf = new Map(rules.map((r) => [r.externalId, r.rule]));

  const saveChoice = (group: { id: string; displayName: string }, choice: Choice) => {
    const others = rules.filter((r) => r.externalId !== group.id);
    const next =
      choice === 'none'
        ? others
        : [
            ...others,
            {
              entityType: 'group' as const,
              externalId: group.id,
              displayName: group.displayName,
              rule: RULE_OF[choice],
            },
          ];
    const removing = choice === 'none';
    const run = () =>
      save.mutate(
        { rules: next },
        {
          onSuccess: () =>
            showMessage({
              type: 'success',
              message: removing
                ? translateMessage(t, DIRECTORY_MESSAGES.groupDeleted)
                : t('integrations.groups.ruleSaved', { name: group.displayName }),
            }),
          onError: (error) => showMessage({ type: 'error', message: translateError(t, error) }),
        },
      );
    if (!removing) return run();
    confirmRemoval(run);
  };
  const included = rules.filter((r) => r.rule === GROUP_RULE.included).length;
  const excluded = rules.length - included;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('integrations.groups.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('integrations.google.rulesText', { included, excluded })}
        </Text>
        <GroupSearch pages={pages} />
        <QueryTable
          query={groups}
          rows={groups.data?.rows}
          rowKey={(group) => group.id}
          empty={t('integrations.groups.noGroups')}
          minWidth={560}
          fz="sm"
          testId="google-groups"
          columns={[
            {
              key: 'name',
              header: t('integrations.groups.name'),
              cell: (group) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {group.displayName}
                  </Text>
                  {group.email && (
                    <Text size="xs" c="dimmed">
                      {group.email}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              key: 'rule',
              header: t('integrations.google.rule'),
              cell: (group) => (
                <SegmentedControl
                  size="xs"
                  aria-label={t('integrations.google.ruleFor', { name: group.displayName })}
                  value={choiceOf(ruleOf.get(group.id) ?? group.rule ?? undefined)}
                  onChange={(value) => saveChoice(group, value as Choice)}
                  disabled={save.isPending}
                  data={[
                    { value: 'none', label: t('integrations.google.notSynced') },
                    { value: 'include', label: t('integrations.google.include') },
                    { value: 'exclude', label: t('integrations.google.exclude') },
                  ]}
                />
              ),
            },
          ]}
        />
        <GroupPager pages={pages} />
      </Stack>
    </Card>
  );
}
