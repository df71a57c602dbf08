import { VideoPlayer } from '@vigil/player';
import type { PpvGrant } from '@vigil/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { INTERACTIVE_TYPE, reportError, reportView, requestGrant, type Refusal } from './api.ts';
import type { EmbedParams } from './params.ts';
import { translator } from './texts.ts';

/** An interactive subject's player, loaded only when a snippet shows one (the video-only bundle stays small). */
const EmbedInteractive = lazy(() => import('./interactive.tsx'));

type State = { kind: 'loading' } | { kind: 'ready'; grant: PpvGrant } | { kind: 'refused'; refusal: Refusal };

const CUE_SIZES = { small: '80%', medium: '100%', large: '140%' } as const;
const CUE_BACKGROUNDS = {
  dark: ['#ffffff', 'rgb(0 0 0 / 80%)'],
  light: ['#000000', 'rgb(255 255 255 / 85%)'],
  none: ['#ffffff', 'transparent'],
} as const;

function languageName(code: string, inLanguage: string): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The player: asks for a playback grant, then plays the video in the company's brand; or says why not. */
export function EmbedApp({ params }: { params: EmbedParams }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [chosenLang, setLang] = useState('');
  const [chosenCaption, setCaption] = useState(params.presetCaption);
  const counted = useRef(false);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void requestGrant(params).then((result) => {
      if (live)
        setState(
          result.ok ? { kind: 'ready', grant: result.grant } : { kind: 'refused', refusal: result.refusal },
        );
    });
    return () => {
      live = false;
    };
  }, [params, attempt]);

  const grant = state.kind === 'ready' ? state.grant : null;
  const scenes = grant?.subject.type === INTERACTIVE_TYPE ? grant.interactive : null;
  const available = grant
    ? grant.subject.languages.filter((code) => (scenes ? scenes[code] : grant.media[code]))
    : [];
  const offered = params.langs.length ? available.filter((code) => params.langs.includes(code)) : available;
  const lang =
    chosenLang || (grant && offered.includes(grant.subject.language) ? grant.subject.language : offered[0]);
  const t = translator(lang || params.lang || 'en');
  const media = grant && lang ? grant.media[lang] : undefined;
  const captionLanguages = grant ? available.filter((code) => grant.media[code]?.captions) : [];
  const captionLang = chosenCaption === 'off' ? null : ((chosenCaption || lang) ?? null);
  const captions = (captionLang && grant?.media[captionLang]?.captions) || null;

  useEffect(() => {
    document.documentElement.lang = lang || params.lang || 'en';
    if (grant) document.title = grant.subject.title;
  }, [lang, params.lang, grant]);

  // Media errors do not bubble; listen in the capture phase around the player and log them as Errors.
  useEffect(() => {
    const element = frame.current;
    if (!element || !grant) return;
    const onError = (event: Event) => {
      const error = (event.target as HTMLVideoElement | null)?.error;
      if (error)
        reportError(grant.grant, `media error ${error.code}${error.message ? `: ${error.message}` : ''}`);
    };
    element.addEventListener('error', onError, true);
    return () => element.removeEventListener('error', onError, true);
  }, [grant]);

  // A video counts at its first mark (it really started); an interactive subject at the first decision.
  const grantToken = grant?.grant;
  const onMark = useCallback(() => {
    if (counted.current || !grantToken) return;
    counted.current = true;
    void reportView(grantToken).then((refusal) => {
      if (refusal && refusal !== 'failed' && refusal !== 'tooMany') setState({ kind: 'refused', refusal });
    });
  }, [grantToken]);

  const cue = params.captionSettings;
  const style = {
    '--accent': grant?.brand.color ?? '#2f9e44',
    ...(cue && {
      '--cue-size': CUE_SIZES[cue.size],
      '--cue-color': CUE_BACKGROUNDS[cue.background][0],
      '--cue-background': CUE_BACKGROUNDS[cue.background][1],
    }),
  } as CSSProperties;

  return (
    <main className={cue ? 'embed embed--cues' : 'embed'} style={style}>
      {state.kind === 'loading' && (
        <p className="embed-message" role="status">
          {t('loading')}
        </p>
      )}
      {state.kind === 'refused' && (
        <div className="embed-message" role="alert">
          <p>{t(state.refusal)}</p>
          {(state.refusal === 'failed' || state.refusal === 'tooMany') && (
            <button
              type="button"
              className="embed-button"
              onClick={() => {
                setState({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {grant && lang && (scenes ? scenes[lang] : media) && (
        <>
          {scenes ? (
            <Suspense
              fallback={
                <p className="embed-message" role="status">
                  {t('loading')}
                </p>
              }
            >
              <EmbedInteractive key={lang} body={scenes[lang]!} lang={lang} onStarted={onMark} />
            </Suspense>
          ) : (
            media && (
              <div ref={frame} className="embed-video">
                <VideoPlayer
                  key={`${lang}|${captions ?? ''}`}
                  src={media.video}
                  poster={grant.subject.thumb}
                  captions={captions}
                  language={captionLang ?? lang}
                  title={grant.subject.title}
                  captionsLabel={`${t('captions')}: ${languageName(captionLang ?? lang, lang)}`}
                  unsupportedText={t('unsupported')}
                  onMark={onMark}
                />
              </div>
            )
          )}
          <div className="embed-bar">
            {!params.hideLogo && grant.brand.logo && (
              <img
                className="embed-logo"
                src={grant.brand.logo}
                alt={t('logo', { company: grant.brand.companyName })}
              />
            )}
            {grant.preview && <span className="embed-preview">{t('preview')}</span>}
            <span className="embed-spacer" />
            {offered.length > 1 && (
              <label className="embed-field">
                <span>{t('language')}</span>
                <select value={lang} onChange={(event) => setLang(event.target.value)}>
                  {offered.map((code) => (
                    <option key={code} value={code} lang={code}>
                      {languageName(code, code)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {!scenes && captionLanguages.length > 0 && (
              <label className="embed-field">
                <span>{t('captions')}</span>
                <select
                  value={captions ? (captionLang ?? 'off') : 'off'}
                  onChange={(event) => setCaption(event.target.value)}
                >
                  <option value="off">{t('captionsOff')}</option>
                  {captionLanguages.map((code) => (
                    <option key={code} value={code}>
                      {languageName(code, lang)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        </>
      )}
    </main>
  );
}
