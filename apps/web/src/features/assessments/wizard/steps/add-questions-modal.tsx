import {
  Button,
  Checkbox,
  EmptyState,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ASSESSMENT_MESSAGES } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FreshModal } from '../../../../components/fresh-modal.tsx';
import type { ThreatAreaDefinition } from '../../api/assessments-api.ts';
import { translateAssessmentMessage } from '../../assessment-messages.ts';
import { filterQuestions } from '../question-filter.ts';
import type { WizardQuestion } from '../wizard-state.ts';
import { QuestionTags } from './question-tags.tsx';

interface AddQuestionsModalProps {
  opened: boolean;
  onClose: () => void;
  catalog: readonly WizardQuestion[];
  areas: readonly ThreatAreaDefinition[];
  selectedIds: ReadonlySet<string>;
  onAdd: (questions: WizardQuestion[]) => void;
}

function AddQuestionsForm({
  onClose,
  catalog,
  areas,
  selectedIds,
  onAdd,
}: Omit<AddQuestionsModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [area, setArea] = useState<string | null>(null);
  const [behaviour, setBehaviour] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const behaviours = areas.find((a) => a.id === area)?.behaviours ?? [];
  const shown = filterQuestions(catalog, { area, behaviour }).filter((q) => !selectedIds.has(q.id));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('assessments.wizard.add.area')}
          placeholder={t('assessments.wizard.add.anyArea')}
          data={areas.map((a) => ({ value: a.id, label: a.name }))}
          value={area}
          onChange={(value) => {
            setArea(value);
            setBehaviour(null);
          }}
          clearable
        />
        <Select
          label={t('assessments.wizard.add.behaviour')}
          placeholder={t(area ? 'assessments.wizard.add.anyBehaviour' : 'assessments.wizard.add.areaFirst')}
          data={behaviours.map((b) => ({ value: b.code, label: b.name }))}
          value={behaviour}
          onChange={setBehaviour}
          disabled={!area}
          clearable
        />
      </SimpleGrid>
      {shown.length === 0 ? (
        <EmptyState
          variant="light"
          icon={<IconSearch />}
          title={t('assessments.wizard.add.noneTitle')}
          description={translateAssessmentMessage(t, ASSESSMENT_MESSAGES.noQuestionsFound)}
        />
      ) : (
        <ScrollArea.Autosize mah={380} type="auto">
          <Checkbox.Group value={chosen} onChange={setChosen}>
            <Stack gap="xs" pr="sm">
              {shown.map((q) => (
                <Checkbox
                  key={q.id}
                  value={q.id}
                  disabled={q.unavailable}
                  label={
                    <Group gap={6}>
                      <Text size="sm">{q.name}</Text>
                      <QuestionTags question={q} />
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="subtle" color="gray" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button
          disabled={chosen.length === 0}
          onClick={() => onAdd(catalog.filter((q) => chosen.includes(q.id)))}
          data-testid="add-questions-confirm"
        >
          {t('assessments.wizard.add.confirm', { count: chosen.length })}
        </Button>
      </Group>
    </Stack>
  );
}

/** The add-questions dialog: threat area, then key behaviour (only once an area is chosen; spec 2 §2). */
export function AddQuestionsModal({ opened, onClose, ...form }: AddQuestionsModalProps) {
  const { t } = useTranslation();
  return (
    <FreshModal opened={opened} onClose={onClose} title={t('assessments.wizard.add.title')} size="xl">
      <AddQuestionsForm onClose={onClose} {...form} />
    </FreshModal>
  );
}
