import type { LearnerAssessmentResult, LearnerDemoAssessment } from '@vigil/shared';
import { useMemo, useState } from 'react';
import { AssessmentIntro } from '../components/assessment-intro.tsx';
import { AssessmentResultView } from '../components/assessment-result-view.tsx';
import { AssessmentRunner } from '../components/assessment-runner.tsx';
import { PublicFrame } from '../components/public-frame.tsx';
import { ErrorState, Skeleton } from '../components/status-views.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { fetchDemoAssessment } from '../lib/api.ts';
import { choicesOf } from '../lib/assessment-progress.ts';
import { demoQuestions, scoreDemo } from '../lib/assessment-result.ts';
import { routeHref } from '../lib/hash-route.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useLoad } from '../lib/use-load.ts';

/** The public assessment demo: the real question player, scored in the browser, nothing sent. */
export function DemoAssessmentPage({ companyUid }: { companyUid: string }) {
  const demo = useLoad(`demo-assessment/${companyUid}`, (signal) => fetchDemoAssessment(companyUid, signal));
  return (
    <PublicFrame
      brand={demo.data?.brand}
      language={demo.data?.language}
      selfHref={routeHref({ name: 'demoAssessment', companyUid })}
    >
      <div className="page page-narrow">
        {demo.data ? (
          <DemoAssessment demo={demo.data} />
        ) : demo.error ? (
          <DemoError error={demo.error} onRetry={demo.reload} />
        ) : (
          <Skeleton lines={5} />
        )}
      </div>
    </PublicFrame>
  );
}

export function DemoError(props: Parameters<typeof ErrorState>[0]) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="visually-hidden">{t('appTitle')}</h1>
      <ErrorState {...props} />
    </>
  );
}

function DemoAssessment({ demo }: { demo: LearnerDemoAssessment }) {
  const { t } = useI18n();
  const questions = useMemo(() => demoQuestions(demo), [demo]);
  const [round, setRound] = useState(0);
  const [started, setStarted] = useState(false);
  const [result, setResult] = useState<LearnerAssessmentResult | null>(null);
  useDocumentTitle(`${demo.name} · ${t('appTitle')}`);

  const restart = () => {
    setResult(null);
    setStarted(false);
    setRound(round + 1);
  };

  return (
    <article className="assessment">
      <header className="subject-head">
        <p className="eyebrow">{t('assessmentEyebrow')}</p>
        <h1 className="page-title" lang={demo.language}>
          {demo.name}
        </h1>
        <p className="demo-banner">{t('demoBanner')}</p>
      </header>
      {result ? (
        <>
          <AssessmentResultView result={result} takeFocus />
          <p className="muted">{t('demoResultNote')}</p>
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={restart}>
              {t('demoAgain')}
            </button>
          </div>
        </>
      ) : started ? (
        <AssessmentRunner
          key={round}
          questions={questions}
          initialDrafts={{}}
          startAt={0}
          language={demo.language}
          onAnswer={() => undefined}
          finishing={false}
          onFinish={(drafts) => setResult(scoreDemo(demo, choicesOf(questions, drafts)))}
        />
      ) : (
        <AssessmentIntro
          assessment={{ questions, duration: demo.duration }}
          answered={0}
          startAt={0}
          onStart={() => setStarted(true)}
        />
      )}
    </article>
  );
}
