import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconRefresh } from '@tabler/icons-react';
import type { EmployeeList, ImportResult } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useConfirmImport } from '../api/import-employees.ts';
import { useImportPreview, type ImportPreviewInput } from '../api/preview-import.ts';
import { canConfirmImport } from '../import-summary.ts';
import { importTarget, type ImportTargetChoice } from '../import-target.ts';
import { FILE_ENCODINGS, fileEncoding } from '../read-employee-file.ts';
import { useEmployeeFile } from '../use-employee-file.ts';
import { EmployeeFileField } from './employee-file-field.tsx';
import { ImportPreview } from './import-preview.tsx';
import { ImportTargetField } from './import-target-field.tsx';
import { ModalFooter } from './modal-footer.tsx';

/** A typed list name is previewed once typing pauses. */
const NAME_DEBOUNCE_MS = 400;

interface ImportFlowProps {
  companyId: string;
  /** The list the employees go to; without one the user picks a list or names a new one. */
  listId?: string;
  /** The lists to pick from, when no list is fixed. */
  lists?: EmployeeList[];
  onDone: (result: ImportResult) => void;
  onCancel: () => void;
}

/**
 * Employee import (spec 3 §4): choose a file, see what it would change, then Confirm or Re-Upload.
 * The preview follows the file, its encoding, the list and the obsolete choice.
 */
export function ImportFlow({ companyId, listId, lists = [], onDone, onCancel }: ImportFlowProps) {
  const { t } = useTranslation();
  const file = useEmployeeFile();
  const [choice, setChoice] = useState<ImportTargetChoice>({
    mode: lists.length > 0 ? 'existing' : 'new',
    listId: null,
    listName: '',
  });
  const [listName] = useDebouncedValue(choice.listName, NAME_DEBOUNCE_MS);
  const [removeObsolete, setRemoveObsolete] = useState(false);
  const target = importTarget(listId, { ...choice, listName });
  const ready = file.state.status === 'ready' ? file.state : null;
  const input: ImportPreviewInput | null =
    ready && target ? { fileVersion: ready.version, records: ready.records, target, removeObsolete } : null;
  const preview = useImportPreview(companyId, input);
  const confirm = useConfirmImport(companyId);
  const result = preview.data;
  // A list name still being typed is not the one the preview (and Confirm) would use.
  const typing = choice.listName !== listName;
  const settled = result !== undefined && !preview.isPlaceholderData && !preview.isFetching && !typing;

  const reupload = () => {
    file.reset();
    setRemoveObsolete(false);
    confirm.reset();
  };
  const submit = () => {
    if (!input) return;
    confirm.mutate({ ...input.target, records: input.records, removeObsolete }, { onSuccess: onDone });
  };

  const fileError =
    file.state.status === 'refused'
      ? translateMessage(t, file.state.error)
      : file.state.status === 'unreadable'
        ? t('employees.import.unreadable')
        : null;

  return (
    <Stack gap="lg">
      {!listId && (
        <ImportTargetField
          lists={lists}
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setRemoveObsolete(false);
          }}
        />
      )}
      <EmployeeFileField
        fileName={ready?.file.name ?? null}
        busy={file.state.status === 'reading'}
        error={fileError}
        onChoose={file.choose}
      />
      <NativeSelect
        label={t('employees.import.encoding')}
        data={[...FILE_ENCODINGS]}
        value={file.encoding}
        onChange={(event) => {
          const encoding = fileEncoding(event.currentTarget.value);
          if (encoding) file.changeEncoding(encoding);
        }}
        maw={240}
      />

      {ready && !target && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
          {t('employees.import.chooseList')}
        </Alert>
      )}
      {input && preview.isPending && (
        <Group gap="sm" c="dimmed" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('employees.import.checking')}</Text>
        </Group>
      )}
      {input && preview.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {translateError(t, preview.error)}
        </Alert>
      )}
      {input && result && (
        <div style={{ opacity: settled ? 1 : 0.6, transition: 'opacity 150ms' }} aria-busy={!settled}>
          <ImportPreview
            result={result}
            removeObsolete={removeObsolete}
            onRemoveObsoleteChange={result.obsolete > 0 || removeObsolete ? setRemoveObsolete : undefined}
          />
        </div>
      )}
      {confirm.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {translateError(t, confirm.error)}
        </Alert>
      )}

      <ModalFooter
        cancel={
          <Button variant="subtle" color="gray" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        }
      >
        {file.state.status !== 'empty' && (
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reupload}>
            {t('employees.import.reupload')}
          </Button>
        )}
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={submit}
          loading={confirm.isPending}
          disabled={!settled || !canConfirmImport(result, removeObsolete)}
        >
          {t('employees.import.confirm')}
        </Button>
      </ModalFooter>
    </Stack>
  );
}
