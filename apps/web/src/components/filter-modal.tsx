import { Button, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from './dialog-actions.tsx';
import { FreshModal } from './fresh-modal.tsx';

interface FilterFormProps<F> {
  /** The locale section of the texts: `<section>.filters.*`. */
  section: string;
  initial: F;
  empty: F;
  valid: (filters: F) => boolean;
  onApply: (filters: F) => void;
  /** The fields, given the filters being edited and a way to change some of them. */
  fields: (filters: F, set: (change: Partial<F>) => void) => ReactNode;
}

function FilterForm<F>({ section, initial, empty, valid, onApply, fields }: FilterFormProps<F>) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(initial);
  const set = (change: Partial<F>) => setFilters((current) => ({ ...current, ...change }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid(filters)) onApply(filters);
      }}
    >
      <Stack gap="md">
        {fields(filters, set)}
        <DialogActions justify="space-between" mt="xs">
          <Button variant="subtle" color="gray" onClick={() => setFilters(empty)}>
            {t(`${section}.filters.reset`)}
          </Button>
          <Button type="submit" disabled={!valid(filters)}>
            {t(`${section}.filters.apply`)}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

interface FilterModalProps<F> extends FilterFormProps<F> {
  opened: boolean;
  onClose: () => void;
}

/** A campaign list's filter modal: the fields, Reset and Apply (spec 2 §2). */
export function FilterModal<F>({ opened, onClose, ...form }: FilterModalProps<F>) {
  const { t } = useTranslation();
  return (
    <FreshModal opened={opened} onClose={onClose} title={t(`${form.section}.filters.title`)} size="lg">
      <FilterForm {...form} />
    </FreshModal>
  );
}
