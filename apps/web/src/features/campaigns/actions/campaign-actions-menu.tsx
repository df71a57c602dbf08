import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProgramActionItem, ProgramActionTarget } from './use-program-actions.ts';

interface CampaignActionsMenuProps {
  campaign: Pick<ProgramActionTarget, 'name' | 'isScorm'>;
  items: ProgramActionItem[];
  isAdmin: boolean;
  loading?: boolean;
}

/** A campaign row's menu (spec 2 §2 Training list, Assessment list); non-admins cannot open it on SCORM rows. */
export function CampaignActionsMenu({ campaign, items, isAdmin, loading }: CampaignActionsMenuProps) {
  const { t } = useTranslation();
  const locked = !isAdmin && campaign.isScorm;
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t('trainings.actions.menu', { name: campaign.name })}
      disabled={locked || items.length === 0}
      loading={loading}
      onClick={(event) => event.stopPropagation()}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (locked)
    return (
      <Tooltip label={t('trainings.actions.scormAdminsOnly')} withArrow>
        <span>{trigger}</span>
      </Tooltip>
    );
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {items.map(({ key, label, icon: ItemIcon, color, to, onClick }) =>
          to ? (
            <Menu.Item key={key} component={Link} to={to} leftSection={<ItemIcon size={16} />} color={color}>
              {label}
            </Menu.Item>
          ) : (
            <Menu.Item key={key} onClick={onClick} leftSection={<ItemIcon size={16} />} color={color}>
              {label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
