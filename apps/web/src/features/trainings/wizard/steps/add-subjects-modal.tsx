import {
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { SUBJECT_TYPES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshModal } from '../../../../components/fresh-modal.tsx';
import { formatDuration } from '../../../catalog/index.ts';
import { SubjectThumb } from '../components/subject-thumb.tsx';
import type { WizardSubject } from '../wizard-state.ts';
import classes from '../wizard.module.css';

interface CatalogCategory {
  id: string;
  name: string;
  subjects: WizardSubject[];
}

interface AddSubjectsModalProps {
  opened: boolean;
  onClose: () => void;
  categories: CatalogCategory[] | undefined;
  selected: readonly WizardSubject[];
  onAdd: (subjects: WizardSubject[]) => void;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** The catalogue's subjects that match the search and category, empty categories left out. */
function visibleCategories(categories: CatalogCategory[], search: string, categoryId: string | null) {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return categories
    .filter((c) => !categoryId || c.id === categoryId)
    .map((c) => ({ ...c, subjects: c.subjects.filter((s) => words.every((w) => fold(s.title).includes(w))) }))
    .filter((c) => c.subjects.length > 0);
}

function SubjectPicker({ categories, selected, onAdd, onClose }: Omit<AddSubjectsModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Map<string, WizardSubject>>(new Map());
  const already = new Set(selected.map((s) => s.id));
  const groups = categories ? visibleCategories(categories, search, categoryId) : undefined;

  const toggle = (subject: WizardSubject, checked: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (checked) next.set(subject.id, subject);
      else next.delete(subject.id);
      return next;
    });

  return (
    <Stack gap="md">
      <Group grow align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('trainingWizard.addSubjects.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
          miw={200}
        />
        <Select
          label={t('trainingWizard.addSubjects.category')}
          placeholder={t('trainingWizard.addSubjects.allCategories')}
          data={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={categoryId}
          onChange={setCategoryId}
          clearable
          miw={200}
        />
      </Group>
      {!groups ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={62} />
          ))}
        </Stack>
      ) : groups.length === 0 ? (
        <EmptyState
          variant="light"
          icon={<IconSearch />}
          title={t('trainingWizard.addSubjects.noneTitle')}
          description={t('trainingWizard.addSubjects.noneText')}
        />
      ) : (
        groups.map((category) => (
          <Stack key={category.id} gap="xs" component="section" aria-label={category.name}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase">
              {category.name}
            </Title>
            {category.subjects.map((subject) => {
              const isAdded = already.has(subject.id);
              return (
                <Checkbox.Card
                  key={subject.id}
                  className={classes.pickRow}
                  checked={isAdded || picked.has(subject.id)}
                  disabled={isAdded || subject.unavailable}
                  onChange={(checked) => toggle(subject, checked)}
                  data-testid="pick-subject"
                >
                  <Group wrap="nowrap" gap="sm">
                    <Checkbox.Indicator disabled={isAdded || subject.unavailable} />
                    <SubjectThumb thumb={subject.thumb} type={subject.type} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        {subject.title}
                      </Text>
                      <Group gap={6}>
                        {subject.type !== SUBJECT_TYPES.scormQuiz && (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {formatDuration(subject.duration)}
                          </Text>
                        )}
                        {isAdded && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('trainingWizard.addSubjects.added')}
                          </Badge>
                        )}
                        {subject.unavailable && (
                          <Badge
                            size="xs"
                            variant="light"
                            color="orange"
                            leftSection={<IconLock size={10} />}
                          >
                            {t('trainingWizard.content.unavailable')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Checkbox.Card>
              );
            })}
          </Stack>
        ))
      )}
      <Group justify="space-between" className={classes.modalFooter}>
        <Button variant="subtle" color="gray" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button disabled={picked.size === 0} onClick={() => onAdd([...picked.values()])}>
          {t('trainingWizard.addSubjects.submit', { n: picked.size })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Adds subjects from the catalogue; those outside the plan cannot be picked (spec 2 §5). */
export function AddSubjectsModal({ opened, onClose, ...picker }: AddSubjectsModalProps) {
  const { t } = useTranslation();
  return (
    <FreshModal opened={opened} onClose={onClose} title={t('trainingWizard.addSubjects.title')} size="xl">
      <SubjectPicker {...picker} onClose={onClose} />
    </FreshModal>
  );
}
