import { useMemo, type ReactNode } from 'react';
import { PlayerContext, type PlayerContextValue } from './player-context.ts';

export interface PlayerProviderProps extends PlayerContextValue {
  children: ReactNode;
}

/**
 * What the lesson parts need from their host: its texts, where events go, how a lesson's end is shown.
 * SubjectPlayer provides it; a host that lays the parts out itself (the manager's preview) wraps them in it.
 */
export function PlayerProvider({ text, events, renderDone, children }: PlayerProviderProps) {
  const value = useMemo(() => ({ text, events, renderDone }), [text, events, renderDone]);
  return <PlayerContext value={value}>{children}</PlayerContext>;
}
