import { useLayoutEffect } from 'react';
import { useCurrentUser } from '../../../lib/session/index.ts';
import {
  createScorm12Api,
  scorm12StorageKey,
  type Scorm12Api,
  type Scorm12Storage,
} from '../scorm12-stub.ts';
import classes from './scorm-player.module.css';

declare global {
  interface Window {
    /** The SCORM 1.2 run-time a package finds by looking through its parent frames. */
    API?: Scorm12Api;
  }
}

/** Browser storage, or none when the browser refuses it (the run-time then answers 101 on commit). */
const localStore: Scorm12Storage = {
  getItem: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

interface ScormPlayerProps {
  subjectId: string;
  /** The package's launch page. */
  url: string;
  title: string;
}

/** A SCORM subject (types 2 and 4) in an 800 × 600 frame, with a SCORM 1.2 run-time as window.API. */
export function ScormPlayer({ subjectId, url, title }: ScormPlayerProps) {
  const user = useCurrentUser().data;
  const learnerId = user?.email ?? '';
  const learnerName = user?.name ?? '';

  // A layout effect: the run-time is in place before the frame's page can run and look for it.
  useLayoutEffect(() => {
    const api = createScorm12Api({
      storage: localStore,
      storageKey: scorm12StorageKey(subjectId),
      learner: { id: learnerId, name: learnerName },
    });
    window.API = api;
    return () => {
      if (window.API === api) delete window.API;
    };
  }, [subjectId, learnerId, learnerName]);

  return (
    <iframe
      className={classes.frame}
      src={url}
      title={title}
      width={800}
      height={600}
      allow="fullscreen"
      data-testid="scorm-frame"
    />
  );
}
