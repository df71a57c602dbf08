import { Input, Text, ThemeIcon } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './employee-file-field.module.css';

/** Spec 3 §5: a .txt or .csv file, text/csv or plain text. */
const ACCEPT = '.csv,.txt,text/csv,text/plain';

interface EmployeeFileFieldProps {
  /** The file in use, if one was read. */
  fileName: string | null;
  busy: boolean;
  error: ReactNode;
  onChoose: (file: File) => void;
}

/** The employee file: chosen with the file picker or dropped on the field. */
export function EmployeeFileField({ fileName, busy, error, onChoose }: EmployeeFileFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onChoose(file);
  };

  return (
    <Input.Wrapper
      id={id}
      label={t('employees.import.file')}
      description={t('employees.import.format')}
      error={error}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        className={classes.input}
        disabled={busy}
        aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
        aria-invalid={Boolean(error)}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again reads it again.
          event.currentTarget.value = '';
          if (file) onChoose(file);
        }}
      />
      <div
        className={classes.zone}
        data-dragging={dragging || undefined}
        data-error={Boolean(error) || undefined}
        data-disabled={busy || undefined}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <ThemeIcon variant="light" size={40} radius="xl">
          {fileName ? <IconFileSpreadsheet size={22} /> : <IconUpload size={22} />}
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {busy ? t('employees.import.reading') : (fileName ?? t('employees.import.choose'))}
        </Text>
        <Text size="xs" c="dimmed">
          {fileName ? t('employees.import.chooseAnother') : t('employees.import.limit')}
        </Text>
      </div>
    </Input.Wrapper>
  );
}
