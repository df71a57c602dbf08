import type { LearnerSubject } from '@vigil/shared';
import { usePlayer } from './player-context.ts';

/** The narration of a video as text, for reading instead of (or along with) watching. */
export function Transcript({ slides }: { slides: LearnerSubject['slides'] }) {
  const { text: t } = usePlayer();
  return (
    <details className="card transcript">
      <summary>{t('transcript')}</summary>
      {slides.map((slide, i) => (
        <div key={i}>
          <h3>{slide.title}</h3>
          <p className="narration">{slide.narration}</p>
        </div>
      ))}
    </details>
  );
}
