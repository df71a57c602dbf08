import { ThemeIcon } from '@mantine/core';
import {
  IconBrandAzure,
  IconBrandGoogle,
  IconBrandSlack,
  IconBrandTeams,
  IconBrandWindows,
  IconKey,
  IconPlugConnected,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

const LOGOS: Record<string, { icon: Icon; color: string }> = {
  azure: { icon: IconBrandAzure, color: 'blue' },
  google: { icon: IconBrandGoogle, color: 'red' },
  slack: { icon: IconBrandSlack, color: 'grape' },
  teams: { icon: IconBrandTeams, color: 'indigo' },
  azuresso: { icon: IconBrandWindows, color: 'cyan' },
  scim: { icon: IconUsersGroup, color: 'teal' },
  saml: { icon: IconKey, color: 'violet' },
};

/** An integration's logo by its key (spec 3 §3 logo); decorative, its name is always written beside it. */
export function IntegrationLogo({ logo, size = 44 }: { logo: string; size?: number }) {
  const { icon: Logo, color } = LOGOS[logo] ?? { icon: IconPlugConnected, color: 'gray' };
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden>
      <Logo size={Math.round(size * 0.6)} />
    </ThemeIcon>
  );
}
