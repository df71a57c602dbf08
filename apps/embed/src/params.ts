/**
 * The /embed address (spec 1 §7): lang, key, s (subject), c (company), langs, hideLogo, location, uid,
 * presetCaption, captionSettings, preview. Read once; nothing else of the page is trusted.
 */
export interface CaptionStyle {
  /** Percent of the browser's own caption size. */
  size: number;
  color: string;
  background: string;
}

export interface EmbedParams {
  lang: string;
  key: string;
  subjectId: string;
  companyId: string;
  /** The languages the viewer may choose; empty means only `lang`. */
  langs: string[];
  hideLogo: boolean;
  /** The page the player sits on, as the snippet reports it. */
  location: string;
  uid: string;
  /** The caption language shown at start, or 'off'. Empty: the video's own language. */
  presetCaption: string;
  captionSettings: CaptionStyle | null;
  preview: boolean;
}

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const flag = (value: string | null) => value === '1' || value === 'true';
const language = (value: string | null) => (value && LANGUAGE.test(value) ? value : '');

/** `captionSettings` is `size,color,background`, e.g. `120,#ffffff,#000000`; anything else is ignored. */
export function parseCaptionSettings(value: string | null): CaptionStyle | null {
  const [size, color, background] = (value ?? '').split(',');
  const percent = Number(size);
  if (!Number.isInteger(percent) || percent < 50 || percent > 300) return null;
  if (!color || !COLOR.test(color) || !background || !COLOR.test(background)) return null;
  return { size: percent, color, background };
}

export function formatCaptionSettings(style: CaptionStyle): string {
  return `${style.size},${style.color},${style.background}`;
}

export function readParams(search: string): EmbedParams {
  const query = new URLSearchParams(search);
  const lang = language(query.get('lang')) || 'en';
  const langs = (query.get('langs') ?? '')
    .split(',')
    .map((code) => language(code.trim()))
    .filter(Boolean);
  const presetCaption = query.get('presetCaption');
  return {
    lang,
    key: (query.get('key') ?? '').slice(0, 200),
    subjectId: (query.get('s') ?? '').slice(0, 100),
    companyId: (query.get('c') ?? '').slice(0, 100),
    langs: langs.includes(lang) ? langs : [lang, ...langs],
    hideLogo: flag(query.get('hideLogo')),
    location: (query.get('location') ?? '').slice(0, 2000),
    uid: (query.get('uid') ?? '').slice(0, 200),
    presetCaption: presetCaption === 'off' ? 'off' : language(presetCaption),
    captionSettings: parseCaptionSettings(query.get('captionSettings')),
    preview: flag(query.get('preview')),
  };
}
