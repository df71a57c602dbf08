import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { PARTNER_MESSAGES, PartnerCompanyUpdate } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../components/app-messages.ts';
import { translateError, translateMessage } from '../../../lib/translate-message.ts';
import { useFieldError } from '../../../lib/use-field-error.ts';
import { useUpdatePartnerCompany } from '../api/partners.ts';

const RenameForm = PartnerCompanyUpdate.required({ companyName: true });

interface RenameCompanyModalProps {
  partnerId: string;
  companyId: string;
  name: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Rename company' with Cancel and Save (spec 3 §2.6): 4 to 150 characters (spec 3 §5). */
export function RenameCompanyModal({ partnerId, companyId, name, opened, onClose }: RenameCompanyModalProps) {
  const { t } = useTranslation();
  const rename = useUpdatePartnerCompany(partnerId, companyId);
  const form = useForm({
    initialValues: { companyName: name },
    validate: schemaResolver(RenameForm, { sync: true }),
  });
  const close = () => {
    form.setValues({ companyName: name });
    form.clearErrors();
    rename.reset();
    onClose();
  };
  const fieldError = useFieldError<{ companyName: string }>(form.errors);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={translateMessage(t, PARTNER_MESSAGES.renameCompany)}
      centered
    >
      <form
        noValidate
        // mutateAsync, not mutate's callbacks: the page remounts this modal under the new name (its
        // key) as soon as the rename lands, and an unmounted observer's callbacks never run.
        onSubmit={form.onSubmit(async ({ companyName }) => {
          try {
            await rename.mutateAsync({ companyName: companyName.trim() });
          } catch {
            return; // shown in the modal's alert
          }
          showMessage({ type: 'success', message: translateMessage(t, PARTNER_MESSAGES.companyRenamed) });
          onClose();
        })}
      >
        <Stack>
          {rename.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {translateError(t, rename.error)}
            </Alert>
          )}
          <TextInput
            label={t('partners.form.companyName')}
            required
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('companyName')}
            error={fieldError('companyName')}
            data-testid="rename-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending} data-testid="rename-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
