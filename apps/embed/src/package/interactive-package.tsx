import type { LessonDoneProps, PlayerEvents, PlayerText } from '@vigil/player';
import { InteractiveSubject, PlayerProvider } from '@vigil/player/preview';
import '@vigil/player/player.css';
import type { LocalizedInteractive } from '@vigil/shared';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The interactive subject (type 5) inside a self-contained SCORM package: the one player's
 * InteractiveSubject with a host that keeps everything in the page. The package's plain runtime
 * (`local-player.js`) mounts it with the subject's scenes and the player's texts in the package's
 * language, hears each scene's result, and relays completion and score to the LMS itself. Built as one
 * classic script (`VigilInteractive`), so the package needs nothing from our server.
 */
export interface PackageInteractiveOptions {
  body: LocalizedInteractive;
  /** The player's texts (`catalog.player` of the manager app's dictionary) in the package's language. */
  texts: Record<string, string>;
  /** A scene decided: its id, the flags found there and the choice made. */
  onScene: (result: { scene: string; found: string[]; choice: string }) => void;
  /** What the summary ends with: the runtime's way on (next subject, or finish). */
  doneLabel: string;
  onDone: () => void;
}

const fill = (text: string, values?: Record<string, string | number>) =>
  text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (all, name: string) =>
    values && name in values ? String(values[name]) : all,
  );

const settled = () => Promise.resolve();
const nothing = () => undefined;

/** Mounts the subject into `element`; answers the unmount. */
export function mount(element: HTMLElement, options: PackageInteractiveOptions): () => void {
  const text: PlayerText = (key, values) => fill(options.texts[key] ?? key, values);
  const events: PlayerEvents = {
    onMark: nothing,
    onRead: settled,
    onAnswer: () => Promise.resolve({ correct: false, correctAnswer: 0 }),
    onDecision: nothing,
    onInteractive: options.onScene,
    onFinish: settled,
  };
  const renderDone = ({ finished }: LessonDoneProps): ReactNode =>
    finished ? (
      <div className="actions">
        <button type="button" className="button button-primary" onClick={options.onDone}>
          {options.doneLabel}
        </button>
      </div>
    ) : null;
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <PlayerProvider text={text} events={events} renderDone={renderDone}>
        <InteractiveSubject body={options.body} />
      </PlayerProvider>
    </StrictMode>,
  );
  return () => root.unmount();
}
