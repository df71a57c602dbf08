import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubjectCard } from '../../catalog/index.ts';
import { newTrainingWith } from '../../trainings/index.ts';
import { useRecommendedTraining } from '../api/assessment-reports-api.ts';
import { ReportSection } from './area-tables.tsx';

/**
 * The training the assessment's weakest key behaviours call for: those behaviours with their scores,
 * the subjects that train them (as the catalogue shows them), and, for admins, a program started with
 * those subjects. Nothing is shown while no behaviour is below "Very good".
 */
export function RecommendedTraining({
  companyId,
  assessmentId,
  isAdmin,
}: {
  companyId: string;
  assessmentId: string;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const query = useRecommendedTraining(companyId, assessmentId);
  const data = query.data;
  if (!data || data.behaviours.length === 0) return null;
  const start = newTrainingWith(data.subjects);
  return (
    <ReportSection
      title={t('assessmentReports.recommended.title')}
      caption={t('assessmentReports.recommended.caption')}
      testId="recommended-training"
    >
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.behaviours.map((b) => (
          <Group key={b.code} component="li" gap="xs" wrap="nowrap" align="flex-start">
            <Badge variant="light" color="red" style={{ flex: 'none' }}>
              {b.averageScore}%
            </Badge>
            <Text size="sm" fw={500}>
              {b.name}
            </Text>
          </Group>
        ))}
      </Stack>
      {data.subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assessmentReports.recommended.none')}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {data.subjects.map((s) => (
              <Stack key={s.id} gap={4} data-testid="recommended-subject">
                <SubjectCard subject={s} />
                <Text size="xs" c="dimmed">
                  {t('assessmentReports.recommended.trains', {
                    behaviours: s.trains
                      .map((code) => data.behaviours.find((b) => b.code === code)?.name ?? code)
                      .join(', '),
                  })}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {isAdmin && (
            <Group justify="flex-end">
              <Button
                component={Link}
                to={start.to}
                state={start.state}
                leftSection={<IconPlus size={16} />}
                data-testid="recommended-start"
              >
                {t('assessmentReports.recommended.start')}
              </Button>
            </Group>
          )}
        </>
      )}
    </ReportSection>
  );
}
