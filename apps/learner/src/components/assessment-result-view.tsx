import { scoreBand, type LearnerAssessmentResult } from '@vigil/shared';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useI18n } from '../i18n/i18n.ts';
import { bandMessageKey, bandTitleKey, bandTone } from '../lib/assessment-result.ts';

/** The resilience score with its band, the score per topic, and the behaviours worth practising. */
export function AssessmentResultView({
  result,
  takeFocus = false,
}: {
  result: LearnerAssessmentResult;
  /** Moves the focus here, when the finish button that led here has just disappeared. */
  takeFocus?: boolean;
}) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus();
  }, [takeFocus]);
  const score = result.resilienceScore;
  const titleKey = result.band.custom ? null : bandTitleKey(result.band.title);
  const bandTitle = titleKey ? t(titleKey) : result.band.title;
  const tone = bandTone(result.band.color);
  return (
    <>
      <section className="card result" aria-labelledby="result-heading">
        <h2 id="result-heading" ref={headingRef} tabIndex={-1}>
          {t('resilienceScore')}
        </h2>
        <div className="result-score">
          <div
            className="score-ring"
            style={{ '--score': score, '--band': tone } as CSSProperties}
            role="img"
            aria-label={`${t('scoreOutOf', { score })} · ${bandTitle}`}
          >
            <span className="score-number" aria-hidden="true">
              {score}
            </span>
          </div>
          <div>
            <p className="band-badge" style={{ '--band': tone } as CSSProperties}>
              <span className="band-dot" aria-hidden="true" />
              {bandTitle}
            </p>
            <p className="result-message">{t(bandMessageKey(score))}</p>
          </div>
        </div>
      </section>
      {result.areas.length > 0 && (
        <section className="card" aria-labelledby="areas-heading">
          <h2 id="areas-heading">{t('areasHeading')}</h2>
          <ul className="area-scores">
            {result.areas.map((area) => (
              <li key={area.id} className="area-score">
                <div className="area-score-head">
                  <span>{area.name}</span>
                  <span className="area-score-value">{t('scoreOutOf', { score: area.score })}</span>
                </div>
                <div className="meter" aria-hidden="true">
                  <div
                    className="meter-fill"
                    style={{
                      width: `${Math.min(100, Math.max(0, area.score))}%`,
                      background: bandToneOf(area.score, result.scoreRanges),
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="card" aria-labelledby="work-on-heading">
        <h2 id="work-on-heading">{t('workOnHeading')}</h2>
        {result.workOn.length === 0 ? (
          <p>{t('workOnNone')}</p>
        ) : (
          <>
            <p>{t('workOnIntro')}</p>
            <ul className="work-on">
              {result.workOn.map((b) => (
                <li key={b.code}>
                  <strong>{b.name}</strong>
                  <span className="muted">{t('workOnItem', { area: b.area, score: b.score })}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** Topic bars take the colour of the band their score falls in (the company's ranges, else the spec's). */
const bandToneOf = (score: number, ranges: LearnerAssessmentResult['scoreRanges']) =>
  bandTone(scoreBand(score, ranges).color);
