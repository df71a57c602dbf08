import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ScormPlayer, VideoPlayer } from '@vigil/player';
import { DecisionScenario, InteractiveSubject, SlidesReader, Transcript } from '@vigil/player/preview';
import '@vigil/player/player.css';
import { SUBJECT_TYPES } from '@vigil/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name.ts';
import { useCurrentUser } from '../../../lib/session/index.ts';
import type { PreviewSubject } from '../api/get-subject.ts';
import { loadScormPreview, saveScormPreview, type PreviewStorage } from '../preview-scorm-store.ts';
import { PreviewPlayer } from './preview-player.tsx';

/** The browser's storage, reached only when used (reaching it can throw where storage is blocked). */
const browserStorage: PreviewStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

/** SCORM subjects are previewed framed 800 × 600 (spec 3 §2.2). */
const SCORM_FRAME = { width: 800, height: 600 };

function NoPreview({ message }: { message: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle />} data-testid="no-preview">
      {message}
    </Alert>
  );
}

/** The subject's video with its transcript, or its slides while the video is not there. */
function VideoOrSlides({ subject, onEvent }: { subject: PreviewSubject; onEvent: (code: number) => void }) {
  const { i18n } = useTranslation();
  if (subject.video) {
    return (
      <>
        <VideoPlayer
          // Another language is another video, watched from the start.
          key={subject.video.url}
          src={subject.video.url}
          captions={subject.video.captions}
          title={subject.title}
          poster={subject.thumb}
          language={subject.language}
          captionsLabel={languageName(subject.language, i18n.language)}
          onMark={onEvent}
        />
        {subject.slides.length > 0 && (
          <PreviewPlayer onEvent={onEvent}>
            <Transcript slides={subject.slides} />
          </PreviewPlayer>
        )}
      </>
    );
  }
  if (subject.slides.length > 0) {
    return (
      <PreviewPlayer onEvent={onEvent}>
        <SlidesReader key={subject.language} slides={subject.slides} />
      </PreviewPlayer>
    );
  }
  return null;
}

interface SubjectPlayerProps {
  subject: PreviewSubject;
  onEvent: (code: number) => void;
}

/**
 * The preview of a subject by its type, in the player package's parts: video (or its slides while there
 * is none), interactive decisions with the answers to reveal, an interactive subject's scenes, or a
 * SCORM package.
 */
export function SubjectPlayer({ subject, onEvent }: SubjectPlayerProps) {
  const { t } = useTranslation();
  switch (subject.type) {
    case SUBJECT_TYPES.decision:
      return (
        <Stack gap="lg">
          <VideoOrSlides subject={subject} onEvent={onEvent} />
          {subject.video_decisions ? (
            <PreviewPlayer onEvent={onEvent}>
              {/* The story in another language starts again from its first decision. */}
              <DecisionScenario key={subject.language} story={subject.video_decisions} revealAnswers />
            </PreviewPlayer>
          ) : (
            <NoPreview message={t('catalog.preview.none')} />
          )}
        </Stack>
      );
    case SUBJECT_TYPES.interactive:
      return subject.interactive ? (
        <PreviewPlayer onEvent={onEvent}>
          {/* Another language starts again from the first scene. */}
          <InteractiveSubject key={subject.language} body={subject.interactive} />
        </PreviewPlayer>
      ) : (
        <NoPreview message={t('catalog.preview.none')} />
      );
    case SUBJECT_TYPES.scorm:
    case SUBJECT_TYPES.scormQuiz:
      return subject.scorm ? (
        <ScormPreview
          key={subject.scorm.url}
          subjectId={subject.id}
          url={subject.scorm.url}
          title={subject.title}
        />
      ) : (
        <NoPreview message={t('catalog.preview.noPackage')} />
      );
    default:
      return subject.video || subject.slides.length > 0 ? (
        <VideoOrSlides subject={subject} onEvent={onEvent} />
      ) : (
        <NoPreview message={t('catalog.preview.none')} />
      );
  }
}

/**
 * A SCORM subject in its 800 × 600 frame, run as an employee would, as the signed-in manager. What the
 * package commits stays in this browser, so coming back resumes it; nothing is recorded for anyone.
 */
function ScormPreview({ subjectId, url, title }: { subjectId: string; url: string; title: string }) {
  const user = useCurrentUser().data;
  const learner = useMemo(
    () => ({ id: user?.email ?? '', name: user?.name ?? '' }),
    [user?.email, user?.name],
  );
  const resume = useMemo(() => loadScormPreview(browserStorage, subjectId), [subjectId]);
  return (
    <ScormPlayer
      url={url}
      title={title}
      learner={learner}
      resume={resume}
      frameSize={SCORM_FRAME}
      onCommit={(commit) => saveScormPreview(browserStorage, subjectId, commit.data)}
    />
  );
}
