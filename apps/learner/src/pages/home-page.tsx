import type { LearnerHome } from '@vigil/shared';
import { AssessmentSection } from '../components/assessment-section.tsx';
import { TrainingSection } from '../components/training-section.tsx';
import { ShieldIcon } from '../components/icons.tsx';
import { useI18n } from '../i18n/i18n.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The employee's assessments and programs with their delivered subjects, or a word that lessons are
 * still to come.
 */
export function HomePage({ home }: { home: LearnerHome }) {
  const { t } = useI18n();
  useDocumentTitle(`${t('appTitle')} · ${home.brand.companyName}`);
  return (
    <div className="page">
      <div className="intro">
        <h1 className="page-title">{t('greeting', { name: home.employee.name })}</h1>
        <p className="lead">{t('homeIntro')}</p>
      </div>
      {home.assessments.length > 0 && (
        <AssessmentSection assessments={home.assessments} scoreRanges={home.scoreRanges} />
      )}
      {home.trainings.length === 0
        ? home.assessments.length === 0 && (
            <section className="empty-state" aria-labelledby="empty-title">
              <ShieldIcon size={40} />
              <h2 id="empty-title">{t('emptyTitle')}</h2>
              <p>{t('emptyText')}</p>
            </section>
          )
        : home.trainings.map((training) => <TrainingSection key={training.id} training={training} />)}
    </div>
  );
}
