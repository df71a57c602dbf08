import {
  Avatar,
  Badge,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingStore,
  IconChevronDown,
  IconCode,
  IconExternalLink,
  IconFileZip,
  IconLayoutDashboard,
  IconLogout,
  IconMoon,
  IconSettings,
  IconHistory,
  IconLifebuoy,
  IconFileText,
  IconShieldLock,
  IconSpy,
  IconSun,
  IconUser,
} from '@tabler/icons-react';
import { isCmi5Enabled, ROLE_NAMES, type Brand } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../components/app-messages.ts';
import { PATHS } from '../../lib/paths.ts';
import {
  selectCompany,
  signOut,
  useCurrentCompany,
  useCurrentUser,
  useIsTeamManager,
  useMyCompanies,
} from '../../lib/session/index.ts';
import { CompanyItems, PartnerCompanyItems, type CompanyChoice } from './company-menu-items.tsx';
import classes from './user-menu.module.css';

export function initials(name: string, email: string): string {
  const words = (name || email).split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

interface UserMenuProps {
  onImpersonate: () => void;
}

/**
 * The white-label links of the company's branding: its support address always, its privacy and terms
 * pages when it set them (each opens in a new tab).
 */
function BrandLinkItems({ brand }: { brand: Brand }) {
  const { t } = useTranslation();
  const links = [
    { key: 'privacy', url: brand.privacyUrl, icon: IconShieldLock },
    { key: 'terms', url: brand.termsUrl, icon: IconFileText },
  ] as const;
  return (
    <>
      <Menu.Item
        component="a"
        href={`mailto:${brand.supportEmail}`}
        leftSection={<IconLifebuoy size={16} />}
        data-testid="support-link"
      >
        {t('userMenu.support')}
      </Menu.Item>
      {links.map(({ key, url, icon: LinkIcon }) =>
        url ? (
          <Menu.Item
            key={key}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<LinkIcon size={16} />}
            rightSection={<IconExternalLink size={14} />}
          >
            {t(`userMenu.${key}`)}
          </Menu.Item>
        ) : null,
      )}
    </>
  );
}

/** The manager's menu: companies, views, settings and sign-out (spec 1 §2 User menu). */
export function UserMenu({ onImpersonate }: UserMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { colorScheme, toggleColorScheme } = useMantineColorScheme();
  const user = useCurrentUser().data;
  const companies = useMyCompanies().data ?? [];
  const { company, role } = useCurrentCompany();
  const teamManager = useIsTeamManager();
  if (!user) return null;

  const choose = (choice: CompanyChoice) => {
    selectCompany(choice.company_id);
    showMessage({ type: 'info', message: t('userMenu.switched', { name: choice.company_name }) });
    void navigate(PATHS.home);
  };
  const leave = async () => {
    await signOut();
    void navigate(PATHS.signIn, { replace: true });
  };

  return (
    <Menu width={300} position="bottom-end" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UnstyledButton className={classes.target} data-testid="user-menu">
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36} aria-hidden>
              {initials(user.name, user.email)}
            </Avatar>
            {/* The button's name: who is signed in where, read on phones too, where it is not shown. */}
            <Stack gap={0} className={classes.identity}>
              <Text size="sm" fw={600} truncate>
                {user.name || user.email}
              </Text>
              {company && (
                <Text size="xs" c="dimmed" truncate>
                  {company.company_name}
                </Text>
              )}
            </Stack>
            <IconChevronDown size={16} aria-hidden />
          </Group>
          <VisuallyHidden>{t('userMenu.label')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>

      <Menu.Dropdown>
        <div className={classes.header}>
          <Text size="sm" fw={600} truncate>
            {user.name || user.email}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          {company && (
            <Badge size="xs" variant="light" mt={6}>
              {t(`roles.${ROLE_NAMES[role]}`)}
            </Badge>
          )}
        </div>
        <ScrollArea.Autosize mah={280} type="auto">
          {companies.length > 0 && <Menu.Label>{t('userMenu.switchCompany')}</Menu.Label>}
          <CompanyItems
            companies={companies}
            currentId={company?.company_id}
            onChoose={choose}
            testId="company-switch-item"
          />
          {user.superForAccounts.map((partner) => (
            <PartnerCompanyItems
              key={partner.id}
              partner={partner}
              opened={opened}
              currentId={company?.company_id}
              onChoose={choose}
            />
          ))}
        </ScrollArea.Autosize>
        <Menu.Divider />
        {/* A team manager works with employees and lists only: no other views. */}
        {!teamManager && (
          <>
            <Menu.Item component={Link} to={PATHS.home} leftSection={<IconLayoutDashboard size={16} />}>
              {t('userMenu.adminView')}
            </Menu.Item>
            <Menu.Item
              component="a"
              href={PATHS.employeeView}
              target="_blank"
              rel="noopener"
              leftSection={<IconUser size={16} />}
              rightSection={<IconExternalLink size={14} />}
            >
              {t('userMenu.employeeView')}
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.embed} leftSection={<IconCode size={16} />}>
              {t('userMenu.embedContent')}
            </Menu.Item>
            {company && isCmi5Enabled(company) && (
              <Menu.Item
                component={Link}
                to={PATHS.cmi5}
                leftSection={<IconFileZip size={16} />}
                data-testid="cmi5-menu-item"
              >
                {t('pages.cmi5')}
              </Menu.Item>
            )}
          </>
        )}
        {user.superForAccounts.length > 0 && (
          <Menu.Item
            component={Link}
            to={PATHS.partner}
            leftSection={<IconBuildingStore size={16} />}
            data-testid="partner-area-link"
          >
            {t('partners.area')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={PATHS.settings} leftSection={<IconSettings size={16} />}>
          {t('userMenu.settings')}
        </Menu.Item>
        {company && <BrandLinkItems brand={company.brand} />}
        {user.isSuperAdmin && (
          <>
            <Menu.Item leftSection={<IconSpy size={16} />} onClick={onImpersonate}>
              {t('userMenu.impersonate')}
            </Menu.Item>
            <Menu.Item component={Link} to={PATHS.impersonationLog} leftSection={<IconHistory size={16} />}>
              {t('userMenu.impersonationLog')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={PATHS.adminPartners}
              leftSection={<IconBuildingStore size={16} />}
            >
              {t('partners.admin.title')}
            </Menu.Item>
          </>
        )}
        <Menu.Item
          leftSection={colorScheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={toggleColorScheme}
        >
          {colorScheme === 'dark' ? t('userMenu.lightTheme') : t('userMenu.darkTheme')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void leave()}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
