import { AppShell, Burger, Container, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import {
  IMPERSONATION_BANNER_HEIGHT,
  ImpersonateModal,
  ImpersonationBanner,
} from '../../features/impersonation/index.ts';
import { useCompanyFavicon, useCurrentUser } from '../../lib/session/index.ts';
import { CompanyBrand } from './company-brand.tsx';
import { CompanyStatusAlert } from './company-status-alert.tsx';
import { HeaderTabs } from './header-tabs.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { PublicNotificationBanner } from './public-notification-banner.tsx';
import classes from './shell-layout.module.css';
import { useRememberShell } from './use-remember-shell.ts';
import { UserMenu } from './user-menu.tsx';

const HEADER_HEIGHT = 64;
const MAIN_ID = 'main-content';

/** The signed-in frame: header with the top menu and user menu, a drawer on small screens. */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  // The drawer's links are rendered once it is first opened, not with every page's first render.
  const [navUsed, setNavUsed] = useState(false);
  const [impersonateOpened, impersonate] = useDisclosure(false);
  const impersonating = Boolean(useCurrentUser().data?.impersonatedBy);
  const headerHeight = HEADER_HEIGHT + (impersonating ? IMPERSONATION_BANNER_HEIGHT : 0);
  // Past this width the drawer is never shown; while closed or unshown its links take no focus.
  // Read while rendering (the app renders in the browser only): read in an effect, it would render the
  // whole shell a second time right after its first render.
  const desktop = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.lg})`, undefined, {
    getInitialValueInEffect: false,
  });
  useRememberShell();
  useCompanyFavicon();

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !navOpened, desktop: true } }}
    >
      <a
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header>
        <ImpersonationBanner />
        <Group h={HEADER_HEIGHT} px={{ base: 'md', sm: 'xl' }} justify="space-between" wrap="nowrap">
          <Group h="100%" gap="xl" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={() => {
                setNavUsed(true);
                nav.toggle();
              }}
              hiddenFrom="lg"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <CompanyBrand />
            {/* Rendered where they are shown: a phone's first render has no tabs to build. */}
            {desktop && (
              <Group h="100%" visibleFrom="lg">
                <HeaderTabs />
              </Group>
            )}
          </Group>
          <UserMenu onImpersonate={impersonate.open} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" inert={!navOpened || desktop}>
        {navUsed && !desktop && <MobileNav onNavigate={nav.close} />}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Container size={1360} px={0}>
          <PublicNotificationBanner />
          <CompanyStatusAlert />
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </Container>
      </AppShell.Main>

      {impersonateOpened && (
        <Suspense>
          <ImpersonateModal opened onClose={impersonate.close} />
        </Suspense>
      )}
    </AppShell>
  );
}
