import {
  ASSESSMENT_MESSAGES,
  type LearnerAssessment,
  type LearnerAssessmentAnswer,
  type LearnerAssessmentResult,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { AssessmentIntro } from '../components/assessment-intro.tsx';
import { AssessmentResultView } from '../components/assessment-result-view.tsx';
import { AssessmentRunner } from '../components/assessment-runner.tsx';
import { BackIcon, ShieldIcon } from '../components/icons.tsx';
import { SaveIndicator } from '../components/save-indicator.tsx';
import { errorMessage, ErrorState, Skeleton } from '../components/status-views.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { browserAnswerStore, createAnswerQueue, type SaveStatus } from '../lib/answer-queue.ts';
import {
  ApiError,
  fetchAssessment,
  fetchAssessmentResult,
  finishAssessment,
  isRetryable,
  NETWORK_ERROR,
  postAssessmentAnswer,
} from '../lib/api.ts';
import { completedCount, draftsOf, resumePosition } from '../lib/assessment-progress.ts';
import { HOME, routeHref } from '../lib/hash-route.ts';
import { tokenStore } from '../lib/token-store.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useLoad } from '../lib/use-load.ts';

interface AssessmentPageProps {
  assessmentId: string;
  /** Called when the employee leaves, so the home page can show the new progress. */
  onLeave: () => void;
}

/** One assessment: its intro, the questions, the finish step and the result; or why it cannot be taken. */
export function AssessmentPage({ assessmentId, onLeave }: AssessmentPageProps) {
  const { t } = useI18n();
  const assessment = useLoad(`assessment/${assessmentId}`, (signal) => fetchAssessment(assessmentId, signal));
  useEffect(() => onLeave, [onLeave]);
  useDocumentTitle(assessment.data ? `${assessment.data.name} · ${t('appTitle')}` : t('appTitle'));

  return (
    <div className="page page-narrow">
      <nav className="back-nav" aria-label={t('backHome')}>
        <a className="back-link" href={routeHref(HOME)}>
          <BackIcon size={18} />
          {t('backHome')}
        </a>
      </nav>
      {assessment.error?.message === ASSESSMENT_MESSAGES.closed ? (
        <ClosedNotice page />
      ) : assessment.data ? (
        <AssessmentView
          key={assessment.data.status}
          assessment={assessment.data}
          onStale={assessment.reload}
        />
      ) : assessment.error ? (
        <>
          <h1 className="visually-hidden">{t('appTitle')}</h1>
          <ErrorState error={assessment.error} onRetry={assessment.reload} />
        </>
      ) : (
        <Skeleton lines={5} />
      )}
    </div>
  );
}

function AssessmentView({ assessment, onStale }: { assessment: LearnerAssessment; onStale: () => void }) {
  const { t } = useI18n();
  const [result, setResult] = useState<LearnerAssessmentResult | null>(null);
  // Answers left unsent by an earlier visit can no longer count once the assessment is over.
  useEffect(() => {
    if (assessment.status !== 'open') browserAnswerStore(assessment.id, tokenStore.get() ?? '').save([]);
  }, [assessment.id, assessment.status]);
  return (
    <article className="assessment">
      <header className="subject-head">
        <p className="eyebrow">{t('assessmentEyebrow')}</p>
        <h1 className="page-title" lang={assessment.language}>
          {assessment.name}
        </h1>
      </header>
      {result ? (
        <AssessmentResultView result={result} takeFocus />
      ) : assessment.status === 'finished' ? (
        <StoredResult assessmentId={assessment.id} />
      ) : assessment.status === 'closed' ? (
        <ClosedNotice />
      ) : (
        <TakeAssessment assessment={assessment} onFinished={setResult} onStale={onStale} />
      )}
    </article>
  );
}

function StoredResult({ assessmentId }: { assessmentId: string }) {
  const result = useLoad(`result/${assessmentId}`, (signal) => fetchAssessmentResult(assessmentId, signal));
  if (result.data) return <AssessmentResultView result={result.data} />;
  if (result.error) return <ErrorState error={result.error} onRetry={result.reload} />;
  return <Skeleton lines={4} />;
}

/** The due date has passed (the server refuses to show the questions then). */
function ClosedNotice({ page = false }: { page?: boolean }) {
  const { t } = useI18n();
  const Heading = page ? 'h1' : 'h2';
  return (
    <section className="card notice-inline" aria-labelledby="closed-title">
      <div className="notice-icon">
        <ShieldIcon size={28} />
      </div>
      <Heading id="closed-title">{t('assessmentClosedTitle')}</Heading>
      <p>{t('assessmentClosedText')}</p>
      <a className="button button-secondary" href={routeHref(HOME)}>
        {t('backHome')}
      </a>
    </section>
  );
}

/** The server no longer takes answers here: the assessment closed or was finished elsewhere. */
const isStale = (error: unknown) =>
  error instanceof ApiError &&
  (error.message === ASSESSMENT_MESSAGES.closed ||
    error.message === ASSESSMENT_MESSAGES.alreadyFinished ||
    error.status === 404 ||
    error.status === 409 ||
    error.status === 410);

interface TakeAssessmentProps {
  assessment: LearnerAssessment;
  onFinished: (result: LearnerAssessmentResult) => void;
  onStale: () => void;
}

function TakeAssessment({ assessment, onFinished, onStale }: TakeAssessmentProps) {
  const { t } = useI18n();
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('saved');
  const [rejection, setRejection] = useState<ApiError | null>(null);
  const [answeredNow, setAnsweredNow] = useState(false);
  const [queue] = useState(() =>
    createAnswerQueue({
      send: (answer) => postAssessmentAnswer(assessment.id, answer),
      isRetryable,
      store: browserAnswerStore(assessment.id, tokenStore.get() ?? ''),
      onChange: setSaveStatus,
      onRejected: (_answer, error) => {
        if (error instanceof ApiError) setRejection(error);
      },
    }),
  );
  // Refused because the assessment closed or was finished elsewhere: show that state instead.
  const stale = rejection !== null && isStale(rejection);
  useEffect(() => {
    if (stale) onStale();
  }, [stale, onStale]);
  const [drafts] = useState(() => draftsOf(assessment.questions, queue.unsent()));
  const startAt = resumePosition(assessment.resumeAt, assessment.questions, drafts);
  const [started, setStarted] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<ApiError | null>(null);

  useEffect(() => {
    queue.start();
    window.addEventListener('online', queue.retryNow);
    return () => {
      window.removeEventListener('online', queue.retryNow);
      queue.stop();
    };
  }, [queue]);

  function answer(a: LearnerAssessmentAnswer) {
    setAnsweredNow(true);
    setRejection(null);
    queue.add(a);
  }

  async function finish() {
    if (finishing) return;
    setFinishing(true);
    setFinishError(null);
    try {
      await queue.settled();
      onFinished(await finishAssessment(assessment.id));
    } catch (error) {
      if (isStale(error)) onStale();
      else setFinishError(error instanceof ApiError ? error : new ApiError(NETWORK_ERROR, ''));
    } finally {
      setFinishing(false);
    }
  }

  if (!started) {
    return (
      <AssessmentIntro
        assessment={assessment}
        answered={completedCount(assessment.questions, drafts)}
        startAt={startAt}
        onStart={() => setStarted(true)}
      />
    );
  }
  return (
    <AssessmentRunner
      questions={assessment.questions}
      initialDrafts={drafts}
      startAt={startAt}
      language={assessment.language}
      onAnswer={answer}
      saveIndicator={
        <SaveIndicator
          status={saveStatus}
          active={answeredNow}
          rejected={rejection && !stale ? errorMessage(rejection, t) : null}
        />
      }
      finishing={finishing}
      finishError={finishError && <ErrorState error={finishError} onRetry={() => void finish()} />}
      onFinish={() => void finish()}
    />
  );
}
