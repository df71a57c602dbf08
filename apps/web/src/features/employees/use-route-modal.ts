import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A modal that is a route of its own (such as /users/create-list): closing it plays the closing
 * transition first and then goes to the page beneath, or wherever `close` is told to go.
 */
export function useRouteModal(closeTo: string) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(true);
  const target = useRef(closeTo);
  const close = (to: string = closeTo) => {
    target.current = to;
    setOpened(false);
  };
  return {
    close,
    modalProps: {
      opened,
      onClose: () => close(),
      onExitTransitionEnd: () => void navigate(target.current),
    },
  };
}

/** Large modals (the add and import flows) take the whole screen on a phone. */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.xs})`) ?? false;
}
