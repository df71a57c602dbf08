import { Button, Loader, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShieldHalfFilled } from '@tabler/icons-react';
import { PRODUCT_NAME, type InfosecSummary } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInPath } from '../../lib/paths.ts';
import { useAuthToken, useCurrentCompany } from '../../lib/session/index.ts';
import { useInfosecSummary } from './api/get-infosec-summary.ts';
import { boardView, missingResults, type BoardView } from './board-rules.ts';
import { AreaBars } from './components/area-bars.tsx';
import { BehaviourCard } from './components/behaviour-card.tsx';
import { BoardFrame } from './components/board-frame.tsx';
import { ScoreRing } from './components/score-ring.tsx';
import classes from './infosec-board.module.css';
import { useLiveSummary } from './use-live-summary.ts';

const BOARD_PATH = '/infosec/';

/**
 * /infosec: the public conference board. On a screen where a manager has signed in it shows the
 * company's live resilience score, its threat areas and its best and worst behaviour, refreshed
 * over the realtime connection whenever an employee finishes an assessment.
 */
export function InfosecBoardPage() {
  const { t } = useTranslation();
  const token = useAuthToken();
  const { company, isLoading } = useCurrentCompany();
  useDocumentTitle(`${t('infosec.title')} · ${company?.brand.accountName ?? PRODUCT_NAME}`);
  const companyId = company?.company_id;
  const status = useLiveSummary(companyId);
  const summary = useInfosecSummary(companyId);

  const header = {
    companyName: company?.company_name,
    accountName: company?.brand.accountName,
    scoreRanges: company?.scoreRanges,
    status: token ? status : null,
  };
  if (!token)
    return (
      <BoardFrame {...header}>
        <Centered title={t('infosec.title')} note={t('infosec.signedOut')}>
          <Button component={Link} to={signInPath(BOARD_PATH)} size="lg" radius="xl">
            {t('infosec.signIn')}
          </Button>
        </Centered>
      </BoardFrame>
    );
  if (summary.isError)
    return (
      <BoardFrame {...header}>
        <Centered title={t('infosec.title')} note={t('infosec.loadFailed')} />
      </BoardFrame>
    );
  if (isLoading || summary.isPending)
    return (
      <BoardFrame {...header}>
        <Centered title={t('infosec.title')}>
          <Loader color="white" size="xl" aria-label={t('session.loadingPage')} />
        </Centered>
      </BoardFrame>
    );
  const view = boardView(summary.data, company?.scoreRanges);
  const missing = missingResults(summary.data);
  return (
    <BoardFrame {...header} updated={summary.data.updated}>
      {view ? (
        <LiveBoard view={view} summary={summary.data} />
      ) : (
        <Centered
          title={t('infosec.title')}
          note={
            missing
              ? t('infosec.tooFewNote', { count: missing.finished, needed: missing.needed })
              : t('infosec.note')
          }
        >
          <div className={classes.ring} role="img" aria-label={t('infosec.noScore')}>
            <IconShieldHalfFilled size="45%" stroke={1.2} aria-hidden />
          </div>
          <Text
            fz={{ base: 'md', md: 'xl' }}
            fw={600}
            tt="uppercase"
            lts="0.08em"
            c="rgba(255,255,255,0.6)"
            data-testid={missing ? 'infosec-too-few' : undefined}
          >
            {missing ? t('infosec.tooFew') : t('infosec.waiting')}
          </Text>
        </Centered>
      )}
    </BoardFrame>
  );
}

function LiveBoard({ view, summary }: { view: BoardView; summary: InfosecSummary }) {
  const { t } = useTranslation();
  return (
    <div className={classes.board}>
      <section className={classes.scorePanel}>
        <h1 className={classes.eyebrow}>{t('infosec.title')}</h1>
        <ScoreRing value={view.resilience} />
        <p className={classes.source}>
          {t('infosec.standing')}
          <span>
            {t('infosec.finished', { count: summary.usersFinished })} ·{' '}
            {t('infosec.fromAssessments', { count: summary.assessments })}
          </span>
        </p>
      </section>
      <div className={classes.details}>
        <AreaBars areas={view.areas} />
        <div className={classes.behaviours}>
          <BehaviourCard kind="best" behaviour={view.best} />
          <BehaviourCard kind="worst" behaviour={view.worst} />
        </div>
      </div>
    </div>
  );
}

function Centered({ title, note, children }: { title: string; note?: string; children?: ReactNode }) {
  return (
    <section className={classes.center}>
      <Title order={1} fz={{ base: 32, md: 56 }} c="white">
        {title}
      </Title>
      {children}
      {note && (
        <Text fz={{ base: 'md', md: 'xl' }} c="rgba(255,255,255,0.75)" maw={760}>
          {note}
        </Text>
      )}
    </section>
  );
}
