/** Manager-written HTML (intro messages, mail headers and footers) made safe to store and mail. */
import sanitizeHtml from 'sanitize-html';

const INTRO_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'blockquote',
    'code',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** The intro message as stored and mailed: only simple formatting and safe links survive. */
export const sanitizeIntro = (html: string): string => sanitizeHtml(html, INTRO_HTML);
/** The words of an HTML text, for the "is it empty" rule and the plain-text mail. */
export const htmlToText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Text or an attribute value placed in HTML written by hand (the /embed document's refusal and ticket). */
export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * A simulated phishing mail's HTML (a company's own template from the editor, and every preview):
 * mail layout and inline styles survive; scripts, forms, frames, event handlers and any link target
 * but `{{link}}`, https, http and mailto do not. `data-flag` marks a red flag's element.
 */
const PHISHING_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'center',
    'font',
    'h1',
    'h4',
  ],
  allowedAttributes: {
    '*': ['style', 'data-flag', 'align', 'class', 'width', 'height', 'bgcolor', 'color'],
    a: ['href', 'title', 'style', 'data-flag'],
    img: ['src', 'alt', 'width', 'height', 'style', 'data-flag'],
    td: ['colspan', 'rowspan', 'style', 'align', 'valign', 'width', 'bgcolor', 'data-flag'],
    table: ['cellpadding', 'cellspacing', 'border', 'role', 'style', 'width', 'align', 'bgcolor'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'data'],
  allowedSchemesByTag: { img: ['https', 'http', 'data'] },
  // `{{link}}` and `{{qrCode}}` are relative to sanitize-html; they are kept as written.
  allowProtocolRelative: false,
};

export const sanitizePhishingHtml = (html: string): string => sanitizeHtml(html, PHISHING_HTML);
