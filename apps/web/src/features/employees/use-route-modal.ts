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
