import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { boardColor, type BoardView } from '../board-rules.ts';
import classes from '../infosec-board.module.css';

/** Each threat area's average as a bar in its band's colour; areas nobody has answered yet read N/A. */
export function AreaBars({ areas }: { areas: BoardView['areas'] }) {
  const { t } = useTranslation();
  return (
    <section className={classes.panel} aria-labelledby="infosec-areas">
      <h2 id="infosec-areas" className={classes.panelTitle}>
        {t('infosec.areas')}
      </h2>
      <ul className={classes.areas}>
        {areas.map((area) => (
          <li
            key={area.name}
            className={classes.area}
            style={
              {
                '--band-color': area.score ? boardColor(area.score.band.color) : 'transparent',
                '--fill': `${area.score?.score ?? 0}%`,
              } as CSSProperties
            }
          >
            <span className={classes.areaName}>{area.name}</span>
            <span className={classes.areaScore}>{area.score?.score ?? t('assessments.notAvailable')}</span>
            <span className={classes.bar} aria-hidden>
              <span className={classes.barFill} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
