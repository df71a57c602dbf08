import escapeHtml from 'escape-html';
import {
  darkenFor,
  parseHexColor,
  textColorOn,
  toHexColor,
  type Brand,
  type MailLanguage,
} from '@vigil/shared';
import { mailTexts, type MailTexts } from './mail-texts.ts';

export interface MailContent {
  preheader: string;
  heading: string;
  paragraphs: string[];
  /** Already sanitised HTML (such as a manager's intro message) and its plain-text form. */
  rich?: { html: string; text: string };
  /** Titled lists of links, e.g. the subjects of each delivery. */
  sections?: MailSection[];
  button?: { label: string; url: string };
  /** Plain lines under the button, e.g. the link spelled out or a validity note. */
  notes?: string[];
  /** The company's footer text (Email settings), sanitised HTML and text, under everything else. */
  footer?: { html: string; text: string } | null;
}

export interface MailSection {
  title: string;
  items: { label: string; url?: string; note?: string }[];
}

export interface RenderedMail {
  html: string;
  text: string;
}

/** The white-label help, privacy and terms pages a mail's footer links to (only those the company set). */
export function brandLinks(brand: Brand, words: MailTexts): { label: string; url: string }[] {
  const links = [
    { label: words.links.help, url: brand.helpUrl },
    { label: words.links.privacy, url: brand.privacyUrl },
    { label: words.links.terms, url: brand.termsUrl },
  ];
  return links.filter((l): l is { label: string; url: string } => Boolean(l.url));
}

/**
 * A responsive, table-based HTML mail in the company's brand, every value escaped, and its plain-text
 * twin, with the layout's own words in `language`.
 */
export function renderMail(brand: Brand, content: MailContent, language: MailLanguage = 'en'): RenderedMail {
  const words = mailTexts(language);
  const rgb = parseHexColor(brand.primaryColor) ?? [0, 0, 0];
  const color = brand.primaryColor;
  /** Text on the brand colour, and the brand colour as readable text on white (links). */
  const onColor = textColorOn(rgb);
  const link = toHexColor(darkenFor(rgb, [255, 255, 255]));
  const e = escapeHtml;
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#343a40">${e(p)}</p>`)
    .join('');
  const rich = content.rich
    ? `<div style="margin:0 0 16px;font-size:16px;line-height:24px;color:#343a40">${content.rich.html}</div>`
    : '';
  const sections = (content.sections ?? [])
    .map(
      (section) =>
        `<h2 style="margin:24px 0 8px;font-size:17px;line-height:24px;color:#212529">${e(section.title)}</h2>` +
        `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:22px;color:#343a40">${section.items
          .map(
            (item) =>
              `<li style="margin:0 0 6px">${
                item.url
                  ? `<a href="${e(item.url)}" style="color:${link};font-weight:600">${e(item.label)}</a>`
                  : e(item.label)
              }${item.note ? `<br><span style="font-size:13px;color:#868e96">${e(item.note)}</span>` : ''}</li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const button = content.button
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${color}">
<a href="${e(content.button.url)}" style="display:inline-block;padding:12px 28px;font-size:16px;font-weight:600;color:${onColor};text-decoration:none;border-radius:6px">${e(content.button.label)}</a>
</td></tr></table>`
    : '';
  const notes = (content.notes ?? [])
    .map(
      (n) =>
        `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#868e96;word-break:break-all">${e(n)}</p>`,
    )
    .join('');
  const footer = content.footer
    ? `<div style="margin:24px 0 0;padding:16px 0 0;border-top:1px solid #e9ecef;font-size:14px;line-height:21px;color:#495057">${content.footer.html}</div>`
    : '';
  const footerLinks = brandLinks(brand, words)
    .map((l, i) => `${i ? ' · ' : '<br>'}<a href="${e(l.url)}" style="color:#495057">${e(l.label)}</a>`)
    .join('');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${e(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${e(content.preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color};padding:20px 32px;font-size:20px;font-weight:700;color:${onColor}">${
    brand.logoUrl
      ? `<img src="${e(brand.logoUrl)}" alt="${e(brand.companyName)}" height="40" style="display:block;height:40px;max-width:240px;border:0">`
      : e(brand.companyName)
  }</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;color:#212529">${e(content.heading)}</h1>
${paragraphs}${rich}${sections}${button}${notes}${footer}
</td></tr>
<tr><td style="padding:16px 32px;background:#f8f9fa;font-size:12px;line-height:18px;color:#868e96">
${e(words.sentBy(brand.accountName, brand.companyName))} ${e(words.questions)} <a href="mailto:${e(brand.supportEmail)}" style="color:#495057">${e(brand.supportEmail)}</a>.${footerLinks}
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    brand.companyName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.rich ? [content.rich.text, ''] : []),
    ...(content.sections ?? []).flatMap((section) => [
      section.title,
      ...section.items.map((item) => `- ${item.label}${item.url ? `: ${item.url}` : ''}`),
      '',
    ]),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.notes ?? []),
    ...(content.footer ? ['', content.footer.text] : []),
    '',
    `${words.questions} ${brand.supportEmail}.`,
    ...brandLinks(brand, words).map((l) => `${l.label}: ${l.url}`),
  ].join('\n');
  return { html, text };
}
