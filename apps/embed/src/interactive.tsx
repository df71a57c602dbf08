import type { PlayerEvents, PlayerText } from '@vigil/player';
import { InteractiveSubject, PlayerProvider } from '@vigil/player/preview';
import '@vigil/player/player.css';
import type { LocalizedInteractive } from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';

/**
 * The player's texts in a language: the manager app's `catalog.player` dictionary, a static file our
 * server already serves (so the player's wording has one source and stays out of the /embed bundle).
 */
async function playerTexts(lang: string): Promise<Record<string, string>> {
  const response = await fetch(`/static/locales/${encodeURIComponent(lang)}/common.json`);
  if (!response.ok) throw new Error(`texts ${response.status}`);
  const dictionary = (await response.json()) as { catalog?: { player?: Record<string, string> } };
  return dictionary.catalog?.player ?? {};
}

const fill = (text: string, values?: Record<string, string | number>) =>
  text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (all, name: string) =>
    values && name in values ? String(values[name]) : all,
  );

const done = () => null;
const nothing = () => undefined;
const settled = () => Promise.resolve();

export interface EmbedInteractiveProps {
  body: LocalizedInteractive;
  lang: string;
  /** The viewer's first decision: the subject really started (the counting rule's moment). */
  onStarted: () => void;
}

/**
 * An interactive subject (type 5) in the embed player, loaded only when a snippet shows one: the one
 * player's InteractiveSubject inside a PlayerProvider, its texts fetched in the frame's language.
 */
export default function EmbedInteractive({ body, lang, onStarted }: EmbedInteractiveProps) {
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    playerTexts(lang)
      .catch(() => playerTexts('en'))
      .catch(() => ({}))
      .then((loaded) => live && setTexts(loaded));
    return () => {
      live = false;
    };
  }, [lang]);
  const text = useMemo<PlayerText>(() => (key, values) => fill(texts?.[key] ?? key, values), [texts]);
  const events = useMemo<PlayerEvents>(
    () => ({
      onMark: nothing,
      onRead: settled,
      onAnswer: () => Promise.resolve({ correct: false, correctAnswer: 0 }),
      onDecision: onStarted,
      onFinish: settled,
    }),
    [onStarted],
  );
  if (!texts) return null;
  return (
    <div className="embed-interactive">
      <PlayerProvider text={text} events={events} renderDone={done}>
        <InteractiveSubject body={body} />
      </PlayerProvider>
    </div>
  );
}
