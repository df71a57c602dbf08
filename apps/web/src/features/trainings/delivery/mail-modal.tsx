import { DataList, Modal, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTrainingMail } from '../api/get-training-user.ts';

interface MailModalProps {
  companyId: string;
  trainingId: string;
  email: string;
  /** The mail to show; kept while the modal closes so its content stays until it is gone. */
  mailId: string | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * A mail as it was sent (super-admins, spec 2 §2): subject, recipient, date and the body. The body
 * is shown in a frame with every sandbox restriction on, so nothing in it can run or navigate.
 */
export function MailModal({ companyId, trainingId, email, mailId, opened, onClose }: MailModalProps) {
  const { t, i18n } = useTranslation();
  const phone = useIsPhone();
  const mail = useTrainingMail(companyId, trainingId, email, mailId);
  return (
    <Modal
      opened={opened && mailId !== null}
      onClose={onClose}
      title={mail.data?.subject ?? t('trainingDelivery.mail.title')}
      size="xl"
      fullScreen={phone}
      data-testid="mail-modal"
    >
      {mail.isError ? (
        <LoadError error={mail.error} onRetry={() => void mail.refetch()} />
      ) : !mail.data ? (
        <Stack gap="sm">
          <Skeleton h={14} w="50%" />
          <Skeleton h={320} />
        </Stack>
      ) : (
        <Stack gap="md">
          <DataList orientation="horizontal" labelWidth={100}>
            <DataList.Item>
              <DataList.ItemLabel>{t('trainingDelivery.mail.subject')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.data.subject}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('trainingDelivery.mail.to')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.data.to}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('trainingDelivery.mail.sent')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(mail.data.created, i18n.language)}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <iframe
            title={t('trainingDelivery.mail.body')}
            sandbox=""
            srcDoc={mail.data.html}
            style={{
              width: '100%',
              height: phone ? '65vh' : 520,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
              background: 'white',
            }}
          />
        </Stack>
      )}
    </Modal>
  );
}
