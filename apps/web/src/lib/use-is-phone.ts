import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** A phone-sized screen, where large modals take the whole screen. */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.xs})`) ?? false;
}

/** A screen narrower than a table of rows wants (a phone, a small tablet upright): lists show as cards. */
export function useCardLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`) ?? false;
}
