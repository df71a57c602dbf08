import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Cmi5Create, PACKAGE_LIMITS, type Cmi5CreateParsed } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '../../lib/translate-message.ts';
import { useQuestions } from '../assessments/index.ts';
import { useCreateCmi5Package } from './cmi5-api.ts';

const emptyUnit = () => ({ auTitle: '', auDescription: '', questions: [] as string[] });

interface Cmi5FormProps {
  companyId: string;
  onCreated: (name: string) => void;
  onCancel: () => void;
}

/**
 * The cmi5 package form (spec 2 "Cmi5 package form", spec 3 §3): name (required), description,
 * objective and its description, and the assignable units, each with a title, a description and the
 * assessment questions it asks. Every error shows next to its field.
 */
export function Cmi5Form({ companyId, onCreated, onCancel }: Cmi5FormProps) {
  const { t, i18n } = useTranslation();
  const questions = useQuestions(companyId, i18n.language);
  const create = useCreateCmi5Package(companyId);
  const form = useForm({
    initialValues: {
      name: '',
      description: '',
      objective: '',
      objectiveDescription: '',
      assignableUnits: [emptyUnit()],
    },
    validate: schemaResolver(Cmi5Create, { sync: true }),
  });
  const error = (path: string) => {
    const value = form.errors[path];
    return typeof value === 'string' ? translateMessage(t, value) : value;
  };
  const options = (questions.data ?? []).map((q) => ({ value: q.id, label: `${q.number}. ${q.name}` }));
  const units = form.values.assignableUnits;

  const submit = form.onSubmit((values) =>
    create.mutate(values as Cmi5CreateParsed, { onSuccess: (created) => onCreated(created.name) }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="cmi5-form">
      <Stack gap="md">
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {translateError(t, create.error)}
          </Alert>
        )}
        <TextInput
          label={t('packages.cmi5.form.name')}
          required
          maxLength={PACKAGE_LIMITS.nameMax}
          data-autofocus
          {...form.getInputProps('name')}
          error={error('name')}
        />
        <Textarea
          label={t('packages.cmi5.form.description')}
          autosize
          minRows={2}
          maxLength={PACKAGE_LIMITS.textMax}
          {...form.getInputProps('description')}
          error={error('description')}
        />
        <TextInput
          label={t('packages.cmi5.form.objective')}
          maxLength={PACKAGE_LIMITS.nameMax}
          {...form.getInputProps('objective')}
          error={error('objective')}
        />
        <Textarea
          label={t('packages.cmi5.form.objectiveDescription')}
          autosize
          minRows={2}
          maxLength={PACKAGE_LIMITS.textMax}
          {...form.getInputProps('objectiveDescription')}
          error={error('objectiveDescription')}
        />
        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} fz="md" component="legend">
            {t('packages.cmi5.form.units')}
          </Title>
          {error('assignableUnits') && (
            <Text size="sm" c="red" role="alert">
              {error('assignableUnits')}
            </Text>
          )}
          {units.map((_, index) => (
            <Card key={index} withBorder padding="md" data-testid="cmi5-unit">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {t('packages.cmi5.form.unit', { n: index + 1 })}
                  </Text>
                  {units.length > 1 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('packages.cmi5.form.removeUnit', { n: index + 1 })}
                      onClick={() => form.removeListItem('assignableUnits', index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                <TextInput
                  label={t('packages.cmi5.form.unitTitle')}
                  maxLength={PACKAGE_LIMITS.nameMax}
                  {...form.getInputProps(`assignableUnits.${index}.auTitle`)}
                  error={error(`assignableUnits.${index}.auTitle`)}
                />
                <Textarea
                  label={t('packages.cmi5.form.unitDescription')}
                  autosize
                  minRows={2}
                  maxLength={PACKAGE_LIMITS.textMax}
                  {...form.getInputProps(`assignableUnits.${index}.auDescription`)}
                  error={error(`assignableUnits.${index}.auDescription`)}
                />
                <MultiSelect
                  label={t('packages.cmi5.form.questions')}
                  placeholder={questions.isPending ? t('packages.cmi5.form.loadingQuestions') : undefined}
                  data={options}
                  searchable
                  hidePickedOptions
                  maxValues={PACKAGE_LIMITS.questionsPerUnitMax}
                  nothingFoundMessage={t('packages.cmi5.form.noQuestions')}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps(`assignableUnits.${index}.questions`)}
                  error={
                    error(`assignableUnits.${index}.questions`) ??
                    (questions.isError ? translateError(t, questions.error) : undefined)
                  }
                />
              </Stack>
            </Card>
          ))}
          {units.length < PACKAGE_LIMITS.unitsMax && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('assignableUnits', emptyUnit())}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('packages.cmi5.form.addUnit')}
            </Button>
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('packages.cmi5.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
