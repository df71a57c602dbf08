import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { PARTNER_MESSAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { translateMessage } from '../../../lib/translate-message.ts';

/** 'Back to Companies' (spec 3 §2.6). */
export function BackToCompanies({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={PATHS.partnerCompanies(partnerId)} size="sm" mb="md" display="inline-block">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {translateMessage(t, PARTNER_MESSAGES.backToCompanies)}
      </Group>
    </Anchor>
  );
}
