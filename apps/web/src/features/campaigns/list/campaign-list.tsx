import { Badge, Button, Card, EmptyState, Group, Tabs, Text } from '@mantine/core';
import { IconFilterOff, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { isCmi5Enabled, TRAINING_MESSAGES, type Company } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton } from '../../../components/create-button.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';

/*
 * The pieces of a campaign list page (spec 2 §2 Training list, Assessment list): the create buttons,
 * the tabs with their counts, the empty states and the range under a paged table. `section` is the
 * locale section of the campaign kind ('trainings', 'assessments').
 */

interface CreateCampaignButtonsProps {
  company: Company;
  section: string;
  /** The wizard's address; `createScorm` only for a kind that makes SCORM packages. */
  paths: { create: string; createScorm?: string };
}

/**
 * "New …", and "SCORM package" when cmi5 is on and the kind makes packages (spec 2 §6). Shown to admins; without a licence able
 * to create campaigns both are disabled with "No license available".
 */
export function CreateCampaignButtons({ company, section, paths }: CreateCampaignButtonsProps) {
  const { t } = useTranslation();
  const blocked = company.canCreateTraining ? null : translateMessage(t, TRAINING_MESSAGES.noLicense);
  return (
    <>
      {isCmi5Enabled(company) && paths.createScorm && (
        <CreateButton
          to={paths.createScorm}
          icon={<IconPackage size={18} />}
          label={t(`${section}.list.newScorm`)}
          blocked={blocked}
          variant="default"
        />
      )}
      <CreateButton
        to={paths.create}
        icon={<IconPlus size={18} />}
        label={t(`${section}.list.new`)}
        blocked={blocked}
      />
    </>
  );
}

interface CampaignTabsProps<T extends string> {
  section: string;
  tabs: readonly T[];
  current: T;
  /** The number of campaigns in each tab, once loaded. */
  counts: Record<T, number> | undefined;
  onChange: (tab: T) => void;
}

/** The list's tabs, each with its count; they scroll sideways on a narrow screen. */
export function CampaignTabs<T extends string>({
  section,
  tabs,
  current,
  counts,
  onChange,
}: CampaignTabsProps<T>) {
  const { t } = useTranslation();
  const label = (tab: string) => t(`${section}.tabs.${tab}`);
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        const next = tabs.find((candidate) => candidate === value);
        if (next) onChange(next);
      }}
      mb="md"
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {tabs.map((candidate) => (
          <Tabs.Tab
            key={candidate}
            value={candidate}
            style={{ flexShrink: 0 }}
            rightSection={
              counts && (
                <Badge size="sm" variant={candidate === current ? 'filled' : 'light'} color="gray">
                  {counts[candidate]}
                </Badge>
              )
            }
          >
            {label(candidate)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

interface NoCampaignsProps {
  section: string;
  icon: ReactNode;
  isAdmin: boolean;
  /** The create buttons, offered to admins. */
  actions: ReactNode;
  testId: string;
}

/** No campaigns at all yet: what they are, and for admins the way to create the first. */
export function NoCampaigns({ section, icon, isAdmin, actions, testId }: NoCampaignsProps) {
  const { t } = useTranslation();
  return (
    <Card py={64} data-testid={testId}>
      <EmptyState
        variant="light"
        size="lg"
        icon={icon}
        title={t(`${section}.empty.noneTitle`)}
        description={t(isAdmin ? `${section}.empty.noneText` : `${section}.empty.noneViewer`)}
      >
        {isAdmin && (
          <EmptyState.Actions>
            <Group justify="center" gap="sm">
              {actions}
            </Group>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}

interface NoResultsProps {
  section: string;
  icon: ReactNode;
  tab: string;
  /** Whether a search or filter narrowed the list; it can then be cleared. */
  narrowed: boolean;
  onClear: () => void;
}

/** Nothing matches the search and filters, or the tab is empty. */
export function NoResults({ section, icon, tab, narrowed, onClear }: NoResultsProps) {
  const { t } = useTranslation();
  return (
    <Card py={48} data-testid="no-results">
      <EmptyState
        variant="light"
        icon={narrowed ? <IconSearch /> : icon}
        title={t(narrowed ? `${section}.empty.noResultsTitle` : `${section}.empty.tab.${tab}`)}
        description={narrowed ? t(`${section}.empty.noResultsText`) : undefined}
      >
        {narrowed && (
          <EmptyState.Actions>
            <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
              {t(`${section}.empty.clear`)}
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Card>
  );
}

interface ListRangeProps {
  section: string;
  page: number;
  pageSize: number;
  total: number;
  /** The pager. */
  children: ReactNode;
}

/** "1–20 of 45" and the pager under a list longer than a page; nothing for a single page. */
export function ListRange({ section, page, pageSize, total, children }: ListRangeProps) {
  const { t } = useTranslation();
  if (total <= pageSize) return null;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(`${section}.list.range`, {
          from: (page - 1) * pageSize + 1,
          to: Math.min(page * pageSize, total),
          total,
        })}
      </Text>
      {children}
    </Group>
  );
}
