import { Grid } from '@mantine/core';
import { Outlet } from 'react-router';
import { SettingsNav } from './components/settings-nav.tsx';

/** /settings: the sidebar beside the chosen settings page (spec 3 §2.5). */
export function SettingsLayout() {
  return (
    <Grid gap={{ base: 'lg', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
        <SettingsNav />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
