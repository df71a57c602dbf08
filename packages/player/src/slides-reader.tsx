import type { LearnerSubject } from '@vigil/shared';
import { useEffect, useRef, useState } from 'react';
import { usePlayer } from './player-context.ts';

export interface SlidesReaderProps {
  slides: LearnerSubject['slides'];
  read?: boolean;
  /** Offers "I have read this" on the last part; without it (the manager's preview) the parts are only read. */
  onRead?: () => void;
}

/**
 * A subject without a video, read part by part. "I have read this" on the last part reports the lesson
 * read (the learner app records it as a watched video), so text-only subjects can be finished.
 */
export function SlidesReader({ slides, read = false, onRead }: SlidesReaderProps) {
  const { text: t, events } = usePlayer();
  const [index, setIndex] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const slide = slides[index];
  const last = index >= slides.length - 1;

  useEffect(() => {
    if (moved.current) titleRef.current?.focus();
  }, [index]);

  const go = (step: number) => {
    moved.current = true;
    setIndex((i) => i + step);
  };

  async function markRead() {
    if (saving || !onRead) return;
    setSaving(true);
    setFailed(false);
    try {
      await events.onRead();
      onRead();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card slides" aria-labelledby={slide ? 'slide-title' : undefined}>
      {slide && (
        <>
          {slides.length > 1 && (
            <p className="eyebrow">{t('slideCount', { n: index + 1, total: slides.length })}</p>
          )}
          <h2 id="slide-title" ref={titleRef} tabIndex={-1}>
            {slide.title}
          </h2>
          <p className="narration">{slide.narration}</p>
        </>
      )}
      <div className="actions">
        {index > 0 && (
          <button type="button" className="button button-secondary" onClick={() => go(-1)}>
            {t('previous')}
          </button>
        )}
        {!last && (
          <button type="button" className="button button-primary" onClick={() => go(1)}>
            {t('next')}
          </button>
        )}
        {last && onRead && !read && (
          <button type="button" className="button button-primary" onClick={markRead} aria-disabled={saving}>
            {t('readDone')}
          </button>
        )}
      </div>
      <div role="status" className="feedback-line">
        {read && t('readConfirmed')}
        {failed && t('networkError')}
      </div>
    </section>
  );
}
