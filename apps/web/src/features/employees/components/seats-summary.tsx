import { Card, Group, Progress, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconArmchair, IconUsers } from '@tabler/icons-react';
import { type Company } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddUsersRefusal } from '../../../lib/entitlements.ts';

interface StatCardProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  children?: ReactNode;
}

function StatCard({ icon, label, value, children }: StatCardProps) {
  return (
    <Card padding="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.6}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.3}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
      {children}
    </Card>
  );
}

interface SeatsSummaryProps {
  company: Company;
  listsCount: number;
  /** Employees in any list now. */
  usersTotal: number;
}

/** The employees, lists and seats of the company at a glance (spec 1 §3 users_total, users_available). */
export function SeatsSummary({ company, listsCount, usersTotal }: SeatsSummaryProps) {
  const { t } = useTranslation();
  const addUsersRefusal = useAddUsersRefusal();
  const seats = company.users_available;
  // Seats are the employees in any list during the billing month, those who left this month included.
  const seatsUsed = company.users_total;
  const used = seats ? Math.min((seatsUsed / seats) * 100, 100) : 100;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl" data-testid="seats-summary">
      <StatCard icon={<IconUsers size={22} />} label={t('employees.seats.employees')} value={usersTotal}>
        <Text size="sm" c="dimmed" mt={4}>
          {t('employees.seats.inLists', { count: listsCount })}
        </Text>
      </StatCard>
      <StatCard
        icon={<IconArmchair size={22} />}
        label={t('employees.seats.seats')}
        value={seats === null ? '—' : t('employees.seats.used', { used: seatsUsed, seats })}
      >
        {seats === null ? (
          <Text size="sm" c="dimmed" mt={4}>
            {t('employees.seats.unlimited')}
          </Text>
        ) : (
          <>
            <Progress
              value={used}
              color={company.canAddUsers ? undefined : 'red'}
              mt="xs"
              size="sm"
              aria-label={t('employees.seats.seats')}
            />
            <Text size="sm" c={company.canAddUsers ? 'dimmed' : 'red'} mt={6}>
              {company.canAddUsers
                ? t('employees.seats.left', { count: Math.max(seats - seatsUsed, 0) })
                : addUsersRefusal}
            </Text>
          </>
        )}
      </StatCard>
    </SimpleGrid>
  );
}

/** The summary's shape while the lists load. */
export function SeatsSummarySkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="xl">
      {[0, 1].map((i) => (
        <Card key={i} padding="lg">
          <Skeleton h={12} w="40%" mb="sm" />
          <Skeleton h={28} w="30%" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
