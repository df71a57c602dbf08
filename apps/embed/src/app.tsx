import { VideoPlayer } from '@vigil/player';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { reportView, requestGrant, type Grant, type Refusal } from './api.ts';
import type { EmbedParams } from './params.ts';
import { translator } from './texts.ts';

type State = { kind: 'loading' } | { kind: 'ready'; grant: Grant } | { kind: 'refused'; refusal: Refusal };

const languageName = (code: string, inLanguage: string) => {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** The player: asks for a playback grant, then plays the video in the company's brand; or says why not. */
export function EmbedApp({ params }: { params: EmbedParams }) {
  const [lang, setLang] = useState(params.lang);
  const [captionLang, setCaptionLang] = useState(params.presetCaption || params.lang);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const counted = useRef(false);
  const t = translator(lang);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void requestGrant(params, lang).then((result) => {
      if (!live) return;
      setState(
        result.ok ? { kind: 'ready', grant: result.grant } : { kind: 'refused', refusal: result.refusal },
      );
    });
    return () => {
      live = false;
    };
  }, [params, lang, attempt]);

  useEffect(() => {
    document.documentElement.lang = lang;
    if (state.kind === 'ready') document.title = state.grant.title;
  }, [lang, state]);

  const brand = state.kind === 'ready' ? state.grant.brand : null;
  const style = {
    '--accent': brand?.primaryColor ?? '#2f9e44',
    ...(params.captionSettings && {
      '--cue-size': `${params.captionSettings.size}%`,
      '--cue-color': params.captionSettings.color,
      '--cue-background': params.captionSettings.background,
    }),
  } as CSSProperties;

  const onMark = () => {
    if (counted.current || state.kind !== 'ready') return;
    counted.current = true;
    void reportView(state.grant.token).then((refusal) => {
      if (refusal === 'viewsUsedUp' || refusal === 'keyRefused' || refusal === 'originNotAllowed') {
        setState({ kind: 'refused', refusal });
      }
    });
  };

  const offered =
    state.kind === 'ready' ? params.langs.filter((code) => state.grant.languages.includes(code)) : [];
  const captions = state.kind === 'ready' ? state.grant.captions : [];
  const caption = captions.find((track) => track.lang === captionLang) ?? null;

  return (
    <main className={`embed${params.captionSettings ? ' embed--cues' : ''}`} style={style}>
      {state.kind === 'loading' && (
        <p className="embed-message" role="status">
          {t('loading')}
        </p>
      )}
      {state.kind === 'refused' && (
        <div className="embed-message" role="alert">
          <p>{t(state.refusal)}</p>
          {(state.refusal === 'failed' || state.refusal === 'tooMany') && (
            <button type="button" className="embed-button" onClick={() => setAttempt((n) => n + 1)}>
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <VideoPlayer
            key={`${state.grant.videoUrl}|${caption?.url ?? ''}`}
            src={state.grant.videoUrl}
            poster={state.grant.poster}
            captions={caption?.url ?? null}
            language={caption?.lang ?? lang}
            title={state.grant.title}
            captionsLabel={`${t('captions')}: ${languageName(caption?.lang ?? lang, lang)}`}
            unsupportedText={t('unsupported')}
            onMark={onMark}
          />
          <div className="embed-bar">
            {!params.hideLogo && brand?.logoUrl && (
              <img
                className="embed-logo"
                src={brand.logoUrl}
                alt={t('logo', { company: brand.companyName })}
              />
            )}
            {params.preview && <span className="embed-preview">{t('preview')}</span>}
            <span className="embed-spacer" />
            {offered.length > 1 && (
              <label className="embed-field">
                <span>{t('language')}</span>
                <select value={lang} onChange={(event) => setLang(event.target.value)}>
                  {offered.map((code) => (
                    <option key={code} value={code}>
                      {languageName(code, code)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {captions.length > 0 && (
              <label className="embed-field">
                <span>{t('captions')}</span>
                <select
                  value={caption ? caption.lang : 'off'}
                  onChange={(event) => setCaptionLang(event.target.value)}
                >
                  <option value="off">{t('captionsOff')}</option>
                  {captions.map((track) => (
                    <option key={track.lang} value={track.lang}>
                      {languageName(track.lang, lang)}
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
