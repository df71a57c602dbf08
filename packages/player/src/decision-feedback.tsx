import type { FeedbackRow } from './decision-path.ts';
import { CheckIcon, CrossIcon } from './icons.tsx';
import { usePlayer } from './player-context.ts';

interface DecisionFeedbackProps {
  rows: FeedbackRow[];
  caption: string;
  /** The choice column: the player's choice, or the right one when the answer is shown. */
  choiceLabel: string;
}

/** The feedback table: each decision, the choice, whether it was right, and its feedback. */
export function DecisionFeedback({ rows, caption, choiceLabel }: DecisionFeedbackProps) {
  const { text: t } = usePlayer();
  return (
    <table className="feedback-table" data-testid="decision-feedback">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columnDecision')}</th>
          <th scope="col">{choiceLabel}</th>
          <th scope="col">{t('columnCorrect')}</th>
          <th scope="col">{t('columnFeedback')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <td data-label={t('columnDecision')}>{row.decision}</td>
            <td data-label={choiceLabel} className="feedback-choice">
              {row.choice}
            </td>
            <td data-label={t('columnCorrect')} className={row.correct ? 'is-correct' : 'is-wrong'}>
              <span className="answer-tag">
                {row.correct ? <CheckIcon size={16} /> : <CrossIcon size={16} />}
                {row.correct ? t('yes') : t('no')}
              </span>
            </td>
            <td data-label={t('columnFeedback')}>{row.feedback}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
