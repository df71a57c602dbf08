import { scoreBand, type LearnerAssessmentCard, type ScoreRangeSetting } from '@vigil/shared';
import type { CSSProperties } from 'react';
import { useI18n, type MessageKey } from '../i18n/i18n.ts';
import { bandTitleKey, bandTone } from '../lib/assessment-result.ts';
import { formatDate } from '../lib/format.ts';
import { routeHref } from '../lib/hash-route.ts';
import { CheckIcon, ChecklistIcon } from './icons.tsx';
import { ProgressBar } from './progress-bar.tsx';

type CardState = 'notStarted' | 'inProgress' | 'finished' | 'closed';

const cardState = (card: LearnerAssessmentCard): CardState =>
  card.status === 'finished'
    ? 'finished'
    : card.status === 'closed'
      ? 'closed'
      : card.answered > 0
        ? 'inProgress'
        : 'notStarted';

const STATE_LABELS: Record<CardState, MessageKey> = {
  notStarted: 'assessmentOpen',
  inProgress: 'inProgress',
  finished: 'finished',
  closed: 'assessmentClosed',
};
const ACTIONS: Partial<Record<CardState, MessageKey>> = {
  notStarted: 'startAssessment',
  inProgress: 'continueAssessment',
  finished: 'seeResult',
};

/** The assessments the employee was invited to, open ones first. */
export function AssessmentSection({
  assessments,
  scoreRanges,
}: {
  assessments: LearnerAssessmentCard[];
  /** The company's score ranges the bands follow; none: the spec's. */
  scoreRanges?: readonly ScoreRangeSetting[] | null | undefined;
}) {
  const { t } = useI18n();
  const order: CardState[] = ['inProgress', 'notStarted', 'finished', 'closed'];
  const sorted = [...assessments].sort((a, b) => order.indexOf(cardState(a)) - order.indexOf(cardState(b)));
  return (
    <section className="program" aria-labelledby="assessments-heading">
      <div className="program-head">
        <h2 id="assessments-heading">{t('assessmentsHeading')}</h2>
      </div>
      <ul className="assessment-list">
        {sorted.map((card) => (
          <li key={card.id}>
            <AssessmentCardView card={card} scoreRanges={scoreRanges} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AssessmentCardView({
  card,
  scoreRanges,
}: {
  card: LearnerAssessmentCard;
  scoreRanges: readonly ScoreRangeSetting[] | null | undefined;
}) {
  const { t, language } = useI18n();
  const state = cardState(card);
  const headingId = `assessment-${card.id}`;
  const action = ACTIONS[state];
  const band = card.resilienceScore === null ? null : scoreBand(card.resilienceScore, scoreRanges);
  const bandKey = band && !band.custom ? bandTitleKey(band.title) : null;
  return (
    <article className={`assessment-card is-${state}`}>
      <div className="assessment-icon" aria-hidden="true">
        {state === 'finished' ? <CheckIcon size={24} /> : <ChecklistIcon size={24} />}
      </div>
      <div className="assessment-body">
        <h3 id={headingId} className="subject-title">
          {card.name}
        </h3>
        <p className={`status status-${state}`}>{t(STATE_LABELS[state])}</p>
        {card.due && (
          <p className="subject-meta">
            {t(state === 'closed' ? 'assessmentClosedOn' : 'assessmentDue', {
              date: formatDate(card.due, language),
            })}
          </p>
        )}
        {state !== 'finished' && card.questions > 0 && (
          <ProgressBar
            value={card.answered}
            max={card.questions}
            label={t('assessmentAnswered', { answered: card.answered, total: card.questions })}
          />
        )}
        {state === 'finished' && card.resilienceScore !== null && band && (
          <p className="band-badge" style={{ '--band': bandTone(band.color) } as CSSProperties}>
            <span className="band-dot" aria-hidden="true" />
            {t('assessmentScore', { score: card.resilienceScore })} · {bandKey ? t(bandKey) : band.title}
          </p>
        )}
        {action && (
          <a
            className={`button ${state === 'finished' ? 'button-secondary' : 'button-primary'} assessment-action`}
            href={routeHref({ name: 'assessment', assessmentId: card.id })}
            aria-describedby={headingId}
          >
            {t(action)}
          </a>
        )}
      </div>
    </article>
  );
}
