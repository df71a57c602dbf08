import { Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldCheckFilled, IconShieldHalfFilled } from '@tabler/icons-react';
import { SCORE_BANDS } from '@vigil/shared';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './infosec-board.module.css';

/**
 * /infosec: the public conference board. The live score arrives with the assessments work; until
 * then the board says plainly that there is nothing to show yet.
 */
export function InfosecBoardPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('infosec.title')} · Vigil`);
  return (
    <main className={classes.root} data-testid="infosec-board">
      <header className={classes.header}>
        <Text
          component="span"
          fw={800}
          fz={28}
          style={{ display: 'inline-flex', gap: 10, alignItems: 'center' }}
        >
          <IconShieldCheckFilled size={34} color="var(--mantine-color-green-5)" aria-hidden />
          Vigil
        </Text>
        <span className={classes.live}>
          <span className={classes.dot} aria-hidden />
          {t('infosec.waiting')}
        </span>
      </header>
      <section className={classes.center}>
        <Title order={1} fz={{ base: 32, md: 56 }} c="white">
          {t('infosec.title')}
        </Title>
        <div className={classes.ring} role="img" aria-label={t('infosec.noScore')}>
          <IconShieldHalfFilled size="45%" stroke={1.2} aria-hidden />
        </div>
        <Text fz={{ base: 'md', md: 'xl' }} c="rgba(255,255,255,0.75)" maw={760}>
          {t('infosec.note')}
        </Text>
      </section>
      <footer>
        <Text size="sm" c="rgba(255,255,255,0.6)" mb="sm">
          {t('infosec.legend')}
        </Text>
        <div className={classes.bands}>
          {SCORE_BANDS.map((band) => (
            <div
              key={band.title}
              className={classes.band}
              style={{ '--band-color': `var(--mantine-color-${band.color}-6)` } as CSSProperties}
            >
              <Text fw={700}>{t(`scoreBands.${band.title}`)}</Text>
              <Text size="sm" c="rgba(255,255,255,0.6)">
                {band.from}–{band.to}
              </Text>
            </div>
          ))}
        </div>
      </footer>
    </main>
  );
}
