import { Box, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconShieldCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import classes from './auth-layout.module.css';
import { LanguageMenu } from './language-menu.tsx';

const SELLING_POINTS = ['auth.aside.point1', 'auth.aside.point2', 'auth.aside.point3'] as const;

/** The frame of the public pages: the product's story beside the form, the form alone on phones. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <aside className={classes.aside}>
        <IconShieldCheckFilled size={420} className={classes.watermark} aria-hidden />
        <Group gap={10}>
          <IconShieldCheckFilled size={32} aria-hidden />
          <Text fw={750} fz="xl">
            Vigil
          </Text>
        </Group>
        <Stack gap="lg" maw={420}>
          <Title order={2} fz={34} lh={1.15} c="white">
            {t('auth.aside.title')}
          </Title>
          <Text c="rgba(255,255,255,0.85)">{t('auth.aside.text')}</Text>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="white" c="brand.8">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {SELLING_POINTS.map((key) => (
              <List.Item key={key}>{t(key)}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" c="rgba(255,255,255,0.7)">
          {t('auth.aside.footer')}
        </Text>
      </aside>
      <main className={classes.main}>
        <Box hiddenFrom="md">
          <BrandMark />
        </Box>
        <div className={classes.content}>
          <div className={classes.panel}>
            <Outlet />
          </div>
        </div>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Vigil
          </Text>
          <LanguageMenu />
        </Group>
      </main>
    </div>
  );
}
