import {
  EMBED_REFERRER_POLICY,
  EMBED_SIZES,
  embedSrc,
  type CaptionSettings,
  type EmbedSize,
} from '@vigil/shared';

/** What the configurator chose for one video (spec 1 §4 Embed settings). */
export interface EmbedChoice {
  size: EmbedSize;
  hideLogo: boolean;
  uid: string;
  /** The first language; the others in `langs` are offered beside it. */
  lang: string;
  langs: string[];
  /** A caption language, 'off', or '' for the video's own language. */
  presetCaption: string;
  captionSettings: CaptionSettings | null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The player's address for this choice; `preview` makes a configurator preview that counts nothing. */
export function playerSrc(
  origin: string,
  key: string,
  subjectId: string,
  choice: EmbedChoice,
  preview?: string,
) {
  return embedSrc(origin, {
    key,
    s: subjectId,
    lang: choice.lang || undefined,
    langs: choice.langs.length > 1 ? choice.langs : undefined,
    hideLogo: choice.hideLogo,
    uid: choice.uid.trim() || undefined,
    presetCaption: choice.presetCaption || undefined,
    captionSettings: choice.captionSettings,
    preview,
  });
}

/** The frame's name, which the player logs as js_video_id. */
const frameName = (subjectId: string) => `vigil-video-${subjectId.replace(/[^A-Za-z0-9_-]/g, '')}`;

/** The iframe variant: paste it where the video goes. */
export function iframeSnippet(src: string, subjectId: string, title: string, size: EmbedSize): string {
  const { width, height } = EMBED_SIZES[size];
  return (
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" ` +
    `title="${escapeAttribute(title)}" name="${frameName(subjectId)}" style="border:0;max-width:100%" ` +
    `referrerpolicy="${EMBED_REFERRER_POLICY}" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`
  );
}

/**
 * The script variant: a placeholder and a few lines that add the frame and tell the player the page it
 * sits on (`location`, shown in the views log).
 */
export function scriptSnippet(src: string, subjectId: string, title: string, size: EmbedSize): string {
  const { width, height } = EMBED_SIZES[size];
  const id = frameName(subjectId);
  const js = JSON.stringify;
  // JSON strings inside a <script>: '<' is written as \u003c so no text can close the element.
  const safe = (value: string) => js(value).replace(/</g, '\\u003c');
  return [
    `<div id="${id}"></div>`,
    '<script>',
    '(function () {',
    `  var f = document.createElement('iframe');`,
    `  f.src = ${safe(src)} + '&location=' + encodeURIComponent(location.href.slice(0, 500));`,
    `  f.width = '${width}'; f.height = '${height}'; f.title = ${safe(title)}; f.name = '${id}';`,
    `  f.allow = 'fullscreen; picture-in-picture'; f.allowFullscreen = true; f.referrerPolicy = '${EMBED_REFERRER_POLICY}';`,
    `  f.style.border = '0'; f.style.maxWidth = '100%';`,
    `  document.getElementById('${id}').appendChild(f);`,
    '})();',
    '</script>',
  ].join('\n');
}
