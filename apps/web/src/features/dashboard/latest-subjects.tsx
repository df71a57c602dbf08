import { AspectRatio, Badge, Box, Group, Image, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBooks, IconClock } from '@tabler/icons-react';
import { DASHBOARD_LIMITS, durationMinutes, type LatestSubject } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLatestSubjects } from './api/get-latest-subjects.ts';
import { DashboardPanel, PanelEmpty } from './dashboard-panel.tsx';
import { DASHBOARD_PATHS } from './dashboard-paths.ts';
import styles from './dashboard.module.css';

const THUMB_WIDTH = 112;

function SubjectItem({ subject }: { subject: LatestSubject }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={DASHBOARD_PATHS.subject(subject.subject_id)}
      className={styles.item}
      data-testid="latest-subject"
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box w={THUMB_WIDTH} style={{ flexShrink: 0 }}>
          <AspectRatio ratio={16 / 9}>
            <Image
              src={subject.thumb}
              alt=""
              radius="md"
              loading="lazy"
              fallbackSrc="/favicon.svg"
              bg="gray.1"
            />
          </AspectRatio>
        </Box>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={600} lineClamp={1} title={subject.title}>
            {subject.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {subject.description}
          </Text>
          {subject.duration > 0 && (
            <Badge
              variant="default"
              size="sm"
              tt="none"
              fw={500}
              leftSection={<IconClock size={12} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('dashboard.latest.minutes', { count: durationMinutes(subject.duration) })}
            </Badge>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The newest subjects of the catalogue, each leading to its page there (spec 1 §2). */
export function LatestSubjects({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const subjects = useLatestSubjects(companyId, true);
  const list = subjects.data?.slice(0, DASHBOARD_LIMITS.latestSubjects);
  return (
    <DashboardPanel
      title={t('dashboard.latest.title')}
      viewAll={DASHBOARD_PATHS.catalog}
      error={subjects.isError ? subjects.error : undefined}
      onRetry={() => void subjects.refetch()}
      testId="dashboard-latest-subjects"
    >
      {list === undefined ? (
        Array.from({ length: DASHBOARD_LIMITS.latestSubjects }, (_, i) => (
          <Group key={i} gap="md" wrap="nowrap" align="flex-start" px="sm">
            <Skeleton w={THUMB_WIDTH} h={63} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="70%" />
              <Skeleton h={10} w="95%" />
              <Skeleton h={10} w="50%" />
            </Stack>
          </Group>
        ))
      ) : list.length === 0 ? (
        <PanelEmpty
          icon={<IconBooks />}
          title={t('dashboard.latest.emptyTitle')}
          description={t('dashboard.latest.emptyText')}
        />
      ) : (
        <Stack gap={4} mx={-8}>
          {list.map((subject) => (
            <SubjectItem key={subject.subject_id} subject={subject} />
          ))}
        </Stack>
      )}
    </DashboardPanel>
  );
}
