import { useEffect, useRef, useState } from 'react';
import { createScormRuntime, type ScormCommit, type ScormData, type ScormVersion } from './scorm-runtime.ts';

export interface ScormPlayerProps {
  /** The package's launch page. */
  url: string;
  /** The frame's accessible name. */
  title: string;
  version?: ScormVersion;
  learner: { id: string; name: string };
  /** The data of an earlier attempt (a commit's `data`), to resume from. */
  resume?: ScormData | null;
  onCommit?: (commit: ScormCommit) => void;
  /** The first time the package reports itself passed or completed. */
  onFinish?: () => void;
  /**
   * A fixed frame size (the preview's 800 × 600), scaled down to fit a narrower screen; without it the
   * frame fills the width at three quarters of the screen's height.
   */
  frameSize?: { width: number; height: number };
}

/**
 * A SCORM package in a frame, with the run-time in place before the frame loads (the package looks
 * for it as soon as it starts). The run-time is created once per package; the callbacks are read
 * when the package calls, so a host may pass new ones on every render.
 */
export function ScormPlayer({
  url,
  title,
  version = '1.2',
  learner,
  resume,
  onCommit,
  onFinish,
  frameSize,
}: ScormPlayerProps) {
  const [ready, setReady] = useState(false);
  const latest = useRef({ learner, resume, onCommit, onFinish });
  useEffect(() => {
    latest.current = { learner, resume, onCommit, onFinish };
  });

  useEffect(() => {
    let cancelled = false;
    let uninstall = () => {};
    const start = latest.current;
    void createScormRuntime({
      version,
      learner: start.learner,
      resume: start.resume,
      onCommit: (commit) => latest.current.onCommit?.(commit),
      onFinish: () => latest.current.onFinish?.(),
    })
      .then((runtime) => {
        if (cancelled) return;
        uninstall = runtime.install(window);
        setReady(true);
      })
      // The run-time could not be loaded (offline): the frame stays empty rather than run without it.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      uninstall();
      setReady(false);
    };
  }, [url, version, learner.id, learner.name]);

  return (
    <div
      className="scorm-frame"
      style={
        frameSize && {
          maxWidth: frameSize.width,
          aspectRatio: `${frameSize.width} / ${frameSize.height}`,
          height: 'auto',
          minHeight: 0,
        }
      }
    >
      {ready && <iframe src={url} title={title} allow="fullscreen" data-testid="scorm-frame" />}
    </div>
  );
}
