import { Box } from '@mantine/core';
import { BrandMark } from '../../components/brand-mark.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useAuthToken } from '../../lib/session/index.ts';
import { RequireAuth } from '../guards/require-auth.tsx';
import { usePreviousPath } from '../history/navigation-history.ts';
import { ShellLayout } from '../shell/shell-layout.tsx';

/** Any unknown route: inside the shell for a signed-in manager, on its own otherwise. */
export function NotFoundRoute() {
  const token = useAuthToken();
  const previous = usePreviousPath();
  const page = <NotFoundPage backTo={previous ?? '/'} />;
  if (!token) {
    return (
      <Box p={{ base: 'md', sm: 'xl' }}>
        <BrandMark />
        {page}
      </Box>
    );
  }
  return (
    <RequireAuth>
      <ShellLayout>{page}</ShellLayout>
    </RequireAuth>
  );
}
