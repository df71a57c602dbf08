import { Text } from '@mantine/core';
import { IconShieldCheckFilled } from '@tabler/icons-react';
import { bandsOf, PRODUCT_NAME, type ScoreRangeSetting } from '@vigil/shared';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date.ts';
import { bandTitle } from '../../../lib/score-bands.ts';
import type { RealtimeStatus } from '../../../lib/socket.ts';
import { boardColor } from '../board-rules.ts';
import classes from '../infosec-board.module.css';
import { LiveBadge } from './live-badge.tsx';

interface BoardFrameProps {
  companyName: string | undefined;
  /** The product's name for the company (a white-label account name), Vigil until known. */
  accountName?: string | undefined;
  /** The company's score ranges, which the legend shows; none: the spec's bands. */
  scoreRanges?: readonly ScoreRangeSetting[] | null | undefined;
  /** The realtime connection's state; null when signed out (no connection to show). */
  status: RealtimeStatus | null;
  updated?: string | null;
  children: ReactNode;
}

/** The board's dark page: brand, company and connection on top, the score legend and last update below. */
export function BoardFrame({
  companyName,
  accountName,
  scoreRanges,
  status,
  updated,
  children,
}: BoardFrameProps) {
  const { t, i18n } = useTranslation();
  return (
    <main className={classes.root} data-testid="infosec-board">
      <header className={classes.header}>
        <span className={classes.brand}>
          <IconShieldCheckFilled size="1.2em" color="var(--mantine-color-green-5)" aria-hidden />
          {accountName ?? PRODUCT_NAME}
          {companyName && <span className={classes.company}>{companyName}</span>}
        </span>
        {status && <LiveBadge status={status} />}
      </header>
      {children}
      <footer>
        <div className={classes.footerLine}>
          <span>{t('infosec.legend')}</span>
          {updated && (
            <span className={classes.updated} data-testid="infosec-updated">
              {t('infosec.updated', { time: formatDateTime(updated, i18n.language) })}
            </span>
          )}
        </div>
        <div className={classes.bands}>
          {bandsOf(scoreRanges).map((band) => (
            <div
              key={band.title}
              className={classes.band}
              style={{ '--band-color': boardColor(band.color) } as CSSProperties}
            >
              <Text fw={700} fz="inherit">
                {bandTitle(t, band)}
              </Text>
              <Text fz="0.85em" c="rgba(255,255,255,0.6)">
                {band.from}–{band.to}
              </Text>
            </div>
          ))}
        </div>
      </footer>
    </main>
  );
}
