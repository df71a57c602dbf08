import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import tile from './tile.module.css';

/** A tile's title as the button that opens it; the button covers the whole tile (see tile.module.css). */
export function TileTitleButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Text component="button" type="button" className={tile.target} fw={650} lineClamp={2} onClick={onClick}>
      {children}
    </Text>
  );
}
