import { IconAlertTriangleFilled, IconThumbUpFilled } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { boardColor, type BoardView } from '../board-rules.ts';
import { bandTitle } from '../../../lib/score-bands.ts';
import classes from '../infosec-board.module.css';

interface BehaviourCardProps {
  kind: 'best' | 'worst';
  behaviour: BoardView['best'];
}

/** The best or the worst key behaviour of the assessment, with its score in its band's colour. */
export function BehaviourCard({ kind, behaviour }: BehaviourCardProps) {
  const { t } = useTranslation();
  const Icon = kind === 'best' ? IconThumbUpFilled : IconAlertTriangleFilled;
  return (
    <section
      className={classes.behaviour}
      style={{ '--band-color': behaviour ? boardColor(behaviour.band.color) : undefined } as CSSProperties}
      data-testid={`infosec-${kind}`}
    >
      <h2 className={classes.panelTitle}>
        <Icon size="1.1em" aria-hidden />
        {t(`infosec.${kind}`)}
      </h2>
      {behaviour ? (
        <>
          <p className={classes.behaviourName}>{behaviour.name}</p>
          <p className={classes.behaviourScore}>
            {behaviour.score}
            <span>{bandTitle(t, behaviour.band)}</span>
          </p>
        </>
      ) : (
        <p className={classes.behaviourName}>{t('assessments.notAvailable')}</p>
      )}
    </section>
  );
}
