/**
 * A company's own mail texts (Email settings: headers, footers, the certificate text) as a mail shows
 * them. A text is markdown, or the simple HTML older texts and the intro editor write; either way only
 * the intro subset survives (lib/html.ts), and the variables are filled in last, each value escaped.
 */
import escapeHtml from 'escape-html';
import { marked } from 'marked';
import {
  emailTextFor,
  fillEmailVariables,
  mailLanguage,
  type CompanySettings,
  type EmailText,
  type EmailVariableValues,
  type MailLanguage,
} from '@vigil/shared';
import { htmlToText, sanitizeIntro } from '../../lib/html.ts';

export interface RichText {
  html: string;
  text: string;
}

/** Rendered texts by their source; a company's few texts are rendered once, not once per mail. */
const rendered = new Map<string, RichText>();
const CACHE_SIZE = 500;

function renderSource(source: string): RichText {
  let hit = rendered.get(source);
  if (!hit) {
    const html = sanitizeIntro(marked.parse(source, { async: false, gfm: true, breaks: true }));
    hit = { html, text: htmlToText(html) };
    if (rendered.size >= CACHE_SIZE) rendered.clear();
    rendered.set(source, hit);
  }
  return hit;
}

/** One text with its variables filled, or null when it says nothing. */
export function companyText(source: string, values: EmailVariableValues): RichText | null {
  if (source.trim() === '') return null;
  const { html, text } = renderSource(source);
  if (text === '') return null;
  return { html: fillEmailVariables(html, values, escapeHtml), text: fillEmailVariables(text, values) };
}

/** The text a company's mail in `language` carries (its own, else the default), rendered. */
export function companyMailText(
  settings: Pick<CompanySettings, 'email'>,
  text: EmailText,
  language: MailLanguage,
  values: EmailVariableValues,
): RichText | null {
  return companyText(emailTextFor(settings, text, language), values);
}

/** The certificate's text (Email settings, Certificates) as the PDF prints it: plain, variables filled. */
export function certificateNote(
  settings: Pick<CompanySettings, 'email'>,
  language: string,
  values: EmailVariableValues,
): string | null {
  return companyMailText(settings, 'certificate', mailLanguage(language), values)?.text ?? null;
}
