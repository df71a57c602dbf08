import type { CaptionSettings } from '@vigil/shared';

/**
 * The /embed address (spec 1 §7; EmbedQuery in packages/shared/src/ppv.ts): lang, key, s (subject),
 * c (company), langs, hideLogo, location, uid, presetCaption, captionSettings, preview (a configurator
 * preview token). Read here without zod, which would triple the player's bundle; the server checks the
 * same values again with EmbedQuery and PpvGrantRequest.
 */
export interface EmbedParams {
  key: string;
  subjectId: string;
  companyId: string;
  /** The first language; empty lets the server choose the subject's own. */
  lang: string;
  /** The languages the viewer may choose; empty means all the subject has. */
  langs: string[];
  hideLogo: boolean;
  /** The page the player sits on, as the script snippet reports it. */
  location: string;
  uid: string;
  /** The caption language shown at start, 'off', or empty for the video's own language. */
  presetCaption: string;
  captionSettings: CaptionSettings | null;
  preview: string;
}

const LANGUAGE = /^[a-z]{2}(-[a-z]{2})?$/i;
const SIZES = ['small', 'medium', 'large'];
const BACKGROUNDS = ['dark', 'light', 'none'];
const language = (value: string | null | undefined) => (value && LANGUAGE.test(value) ? value : '');

/** `{size}.{background}`, as encodeCaptionSettings writes it; anything else is ignored. */
export function parseCaptionSettings(value: string | null): CaptionSettings | null {
  const [size, background] = (value ?? '').split('.');
  if (!size || !background || !SIZES.includes(size) || !BACKGROUNDS.includes(background)) return null;
  return { size, background } as CaptionSettings;
}

export function readParams(search: string): EmbedParams {
  const query = new URLSearchParams(search);
  const flag = (name: string) => ['1', 'true'].includes(query.get(name) ?? '');
  const text = (name: string, max: number) => (query.get(name) ?? '').slice(0, max);
  const presetCaption = query.get('presetCaption');
  return {
    key: text('key', 100),
    subjectId: text('s', 100),
    companyId: text('c', 100),
    lang: language(query.get('lang')),
    langs: text('langs', 200)
      .split(',')
      .map((code) => language(code.trim()))
      .filter(Boolean),
    hideLogo: flag('hideLogo'),
    location: text('location', 500),
    uid: text('uid', 100),
    presetCaption: presetCaption === 'off' ? 'off' : language(presetCaption),
    captionSettings: parseCaptionSettings(query.get('captionSettings')),
    preview: text('preview', 1000),
  };
}
