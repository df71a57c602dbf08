import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SUBJECT_TYPES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import type { PreviewSubject } from '../api/get-subject.ts';
import { DecisionPlayer } from './decision-player-view.tsx';
import { ScormPlayer } from './scorm-player.tsx';
import { SlidesPlayer } from './slides-player.tsx';
import { VideoPlayer } from './video-player.tsx';

function NoPreview({ message }: { message: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle />} data-testid="no-preview">
      {message}
    </Alert>
  );
}

/** The subject's video, or its slides while the video is not there. */
function VideoOrSlides({ subject, onEvent }: { subject: PreviewSubject; onEvent: (code: number) => void }) {
  if (subject.video) {
    return (
      <VideoPlayer
        // Another language is another video, watched from the start.
        key={subject.video.url}
        video={subject.video}
        title={subject.title}
        poster={subject.thumb}
        language={subject.language}
        onEvent={onEvent}
      />
    );
  }
  if (subject.slides.length > 0) {
    return <SlidesPlayer slides={subject.slides} title={subject.title} />;
  }
  return null;
}

interface SubjectPlayerProps {
  subject: PreviewSubject;
  onEvent: (code: number) => void;
}

/** The preview of a subject by its type: video, interactive decisions, or a SCORM package. */
export function SubjectPlayer({ subject, onEvent }: SubjectPlayerProps) {
  const { t } = useTranslation();
  switch (subject.type) {
    case SUBJECT_TYPES.decision:
      return (
        <Stack gap="lg">
          <VideoOrSlides subject={subject} onEvent={onEvent} />
          {subject.video_decisions ? (
            <DecisionPlayer story={subject.video_decisions} onEvent={onEvent} />
          ) : (
            <NoPreview message={t('catalog.preview.none')} />
          )}
        </Stack>
      );
    case SUBJECT_TYPES.scorm:
    case SUBJECT_TYPES.scormQuiz:
      return subject.scorm ? (
        <ScormPlayer
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
