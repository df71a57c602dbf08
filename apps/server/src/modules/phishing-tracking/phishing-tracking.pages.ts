/**
 * The pages a simulated mail's link opens, written on the server: light (no framework, one small
 * nonce'd script), readable on a phone, and accessible (one h1, labelled fields, a main landmark, the
 * page's language). The landing page's form fields have no `name`, so a browser posts none of them:
 * whatever is typed never leaves the device; the script posts only the visit id and its signals.
 */
import { randomBytes } from 'node:crypto';
import {
  escapePhishingHtml as esc,
  PHISHING_FLAG_ATTRIBUTE,
  type MailLanguage,
  SCANNER_RULES,
  type LocalizedPhishingLesson,
  type PhishingFlagLocation,
  type RenderedPhishingLandingPage,
  type RenderedPhishingMail,
} from '@vigil/shared';
import type { CspRule } from '../../http/csp.ts';

/** The page's own policy: only its nonce'd script, images of the landing page's own, no framing. */
export const pageCsp = (nonce: string): CspRule => ({ nonce, allow: { img: ['https:'] }, framedBy: 'none' });

// A page's nonce: 16 random bytes from a pool drawn 4 kB at a time, one call to the system's generator
// per 256 pages instead of one each (that call cost more than the rest of the nonce). Each byte is
// used once.
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
export function pageNonce(): string {
  if (nonceAt + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString('base64', nonceAt - 16, nonceAt);
}

const BASE_STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;font:inherit;padding:.7rem;border:1px solid #6b7280;border-radius:8px}
button{width:100%;margin-top:1.25rem;font:inherit;font-weight:600;padding:.8rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.item{margin:1rem 0;padding:.75rem;border:1px dashed #6b7280;border-radius:8px;background:#f9fafb}
.small{font-size:.85rem;color:#4b5563;margin-top:1rem}
`;

function documentOf(lang: string, title: string, body: string, nonce: string, style = ''): string {
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style nonce="${nonce}">${BASE_STYLE}${style}</style></head>
<body>${body}</body></html>`;
}

// Stand-ins for a request's own values in a page written once: random per process, so no text of a
// page (an employee's name, a custom template) can contain one.
const slotId = randomBytes(8).toString('hex');
const NONCE_SLOT = `\uE000${slotId}n\uE000`;
const VISIT_SLOT = `\uE000${slotId}v\uE000`;

/**
 * The landing page of one mail written once, with its nonce and visit left open: a request fills in
 * just those two. Both are plain ASCII that needs no escaping in HTML or in the script (a nonce is
 * base64, a visit `{id}.{base64url}`), so a slot stands where the escaped value would.
 */
export function landingPageTemplate(args: {
  page: RenderedPhishingLandingPage;
  lang: string;
  paths: { confirm: string; submit: string; learn: string };
}): (nonce: string, visit: string) => string {
  const parts = landingPage({ ...args, nonce: NONCE_SLOT, visit: VISIT_SLOT }).split(
    new RegExp(`(${NONCE_SLOT}|${VISIT_SLOT})`),
  );
  return (nonce, visit) => {
    let html = '';
    for (const part of parts) html += part === NONCE_SLOT ? nonce : part === VISIT_SLOT ? visit : part;
    return html;
  };
}

/**
 * The landing page. Its script confirms the visit once the page has been visible for a moment, and again
 * at the first pointer, touch or key input; the form's submission posts only the visit and the signals
 * and then opens the teachable moment.
 */
function landingPage(args: {
  page: RenderedPhishingLandingPage;
  lang: string;
  nonce: string;
  visit: string;
  paths: { confirm: string; submit: string; learn: string };
}): string {
  const { page, nonce, visit, paths } = args;
  const fields = page.fields
    .map((f) => {
      const type = f.type === 'code' ? 'text' : f.type;
      const extra =
        f.type === 'code' ? ' inputmode="numeric" autocomplete="one-time-code"' : ' autocomplete="off"';
      // No name attribute: a browser submits only named fields.
      return `<label for="f-${esc(f.id)}">${esc(f.label)}</label><input id="f-${esc(f.id)}" type="${type}" value="${esc(f.value)}"${extra}>`;
    })
    .join('');
  const body = `<main><div class="card">
<h1>${esc(page.heading)}</h1>
<p>${esc(page.intro)}</p>
${page.item ? `<p class="item">${esc(page.item)}</p>` : ''}
<form id="form" method="post" action="${esc(paths.submit)}" novalidate>
<input type="hidden" name="visit" value="${esc(visit)}">
${fields}
<button type="submit">${esc(page.submit)}</button>
</form>
${page.footer ? `<p class="small">${esc(page.footer)}</p>` : ''}
</div></main>
<script nonce="${nonce}">${confirmScript(visit, paths)}</script>`;
  return documentOf(args.lang, page.title, body, nonce);
}

/** The landing page's one script (no dependencies, a few hundred bytes). */
function confirmScript(visit: string, paths: { confirm: string; submit: string; learn: string }): string {
  const data = JSON.stringify({ visit, ...paths, wait: SCANNER_RULES.confirmVisibleMs }).replace(
    /</g,
    '\\u003c',
  );
  return `(function(){var d=${data};var shown=0,since=null,sent=0,touched=false;
function visible(){return document.visibilityState==='visible'}
function ms(){return shown+(since===null?0:Date.now()-since)}
function signals(){return{interaction:touched,visibleMs:Math.round(ms()),webdriver:navigator.webdriver===true}}
function post(url,body){return fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body),keepalive:true,credentials:'omit'})}
function confirm(){if(sent>=(touched?2:1))return;sent=touched?2:1;post(d.confirm,{visit:d.visit,signals:signals()}).catch(function(){})}
if(visible())since=Date.now();
document.addEventListener('visibilitychange',function(){if(visible()){since=Date.now()}else if(since!==null){shown+=Date.now()-since;since=null}});
setTimeout(function check(){if(ms()>=d.wait)confirm();else setTimeout(check,200)},d.wait);
['pointerdown','touchstart','keydown'].forEach(function(e){document.addEventListener(e,function(){if(!touched){touched=true;sent=Math.min(sent,1);confirm()}},{passive:true,capture:true})});
var f=document.getElementById('form');f.addEventListener('submit',function(ev){ev.preventDefault();
f.querySelectorAll('input:not([type=hidden])').forEach(function(i){i.value=''});
post(d.submit,{visit:d.visit,signals:signals()}).finally(function(){location.href=d.learn+'?v='+encodeURIComponent(d.visit)})})})();`;
}

/** What a request taken for a scanner's gets: a plain page without script or tracking. */
export function neutralPageHtml(nonce: string): string {
  return documentOf(
    'en',
    'Link checked',
    '<main><h1>Link checked</h1><p>This page has no content.</p></main>',
    nonce,
  );
}

/** What a link requested too often gets: no page, and when to come back (the Retry-After header). */
export function tooManyHtml(nonce: string): string {
  return documentOf(
    'en',
    'Too many requests',
    '<main><h1>Too many requests</h1><p>Please try again in a minute.</p></main>',
    nonce,
  );
}

/** A page of the token that does not exist (an unknown, tampered or deleted mail's link). */
export function goneHtml(nonce: string): string {
  return documentOf(
    'en',
    'Link not available',
    '<main><h1>This link is no longer available</h1></main>',
    nonce,
  );
}

export interface TeachableFlag {
  id: string;
  location: PhishingFlagLocation;
  title: string;
  explanation: string;
}

export interface TeachableTexts {
  title: string;
  heading: string;
  intro: string;
  yourMail: string;
  from: string;
  subject: string;
  flagsHeading: string;
  lessonHeading: string;
  whatToDo: string;
  enrolled: string | null;
}

const TEACHABLE_STYLE = `
main{max-width:46rem}
.banner{background:#1d4ed8;color:#fff;border-radius:12px;padding:1.25rem 1.5rem;margin-bottom:1.25rem}
.banner h1{color:#fff}
.mail{border:1px solid #d1d5db;border-radius:8px;overflow:hidden;background:#fff}
.mail dl{margin:0;padding:.75rem 1rem;background:#f9fafb;border-bottom:1px solid #d1d5db;display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem}
.mail dt{font-weight:600}.mail dd{margin:0;overflow-wrap:anywhere}
.mail .body{padding:1rem;overflow-x:auto}
[${PHISHING_FLAG_ATTRIBUTE}],.flagged{outline:3px solid #b91c1c;outline-offset:2px;border-radius:3px;background:#fef2f2}
.marker{display:inline-block;min-width:1.5rem;padding:0 .35rem;margin:0 .25rem;border-radius:1rem;background:#b91c1c;color:#fff;font-weight:700;font-size:.8rem;text-align:center;vertical-align:middle}
ol.flags{padding-left:0;list-style:none}ol.flags li{display:flex;align-items:flex-start;gap:.6rem;margin:.75rem 0}ol.flags .marker{flex:none;margin-top:.15rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.enrolled{background:#ecfdf5;border:1px solid #047857;border-radius:8px;padding:.75rem;margin-top:1rem}
`;

/**
 * The teachable moment: the mail as it arrived with its red flags highlighted and numbered, the flags
 * explained, then the two-minute lesson of its lure.
 */
export function teachableMomentHtml(args: {
  lang: string;
  nonce: string;
  mail: RenderedPhishingMail;
  flags: readonly TeachableFlag[];
  lesson: LocalizedPhishingLesson | null;
  texts: TeachableTexts;
}): string {
  const { mail, flags, lesson, texts, nonce } = args;
  const number = new Map(flags.map((f, i) => [f.id, i + 1]));
  const markerFor = (location: PhishingFlagLocation) =>
    flags
      .filter((f) => f.location === location)
      .map((f) => `<span class="marker" aria-hidden="true">${number.get(f.id)}</span>`)
      .join('');
  const senderFlagged = flags.some((f) => f.location === 'sender');
  const subjectFlagged = flags.some((f) => f.location === 'subject');
  // Every element a body flag marks gets its number in front; links lead nowhere.
  const bodyHtml = mail.html
    .replace(/<a\b([^>]*)\shref="[^"]*"/gi, '<a$1 href="#flags"')
    .replace(
      new RegExp(`<([a-z0-9]+)([^>]*)\\s${PHISHING_FLAG_ATTRIBUTE}="([^"]+)"([^>]*)>`, 'gi'),
      (whole, tag, a, id, b) => {
        const n = number.get(id as string);
        return n === undefined
          ? whole
          : `<span class="marker" aria-hidden="true">${n}</span><${tag}${a} ${PHISHING_FLAG_ATTRIBUTE}="${id}"${b}>`;
      },
    );
  const flagItems = flags
    .map(
      (f, i) =>
        `<li><span class="marker" aria-hidden="true">${i + 1}</span><div><strong>${esc(f.title)}</strong><br>${esc(f.explanation)}</div></li>`,
    )
    .join('');
  const lessonHtml = lesson
    ? `<section aria-labelledby="lesson"><h2 id="lesson">${esc(texts.lessonHeading)}: ${esc(lesson.title)}</h2>
<p>${esc(lesson.intro)}</p><ul>${lesson.redFlags.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>
<h3>${esc(texts.whatToDo)}</h3><ul>${lesson.whatToDo.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>
<p><strong>${esc(lesson.takeaway)}</strong></p></section>`
    : '';
  const body = `<main>
<div class="banner"><h1>${esc(texts.heading)}</h1><p>${esc(texts.intro)}</p></div>
<div class="card">
<h2>${esc(texts.yourMail)}</h2>
<div class="mail"><dl>
<dt>${esc(texts.from)}</dt><dd${senderFlagged ? ' class="flagged"' : ''}>${markerFor('sender')}${esc(mail.fromName)} &lt;${esc(mail.fromAddress)}&gt;</dd>
<dt>${esc(texts.subject)}</dt><dd${subjectFlagged ? ' class="flagged"' : ''}>${markerFor('subject')}${esc(mail.subject)}</dd>
</dl><div class="body">${bodyHtml}</div></div>
<h2 id="flags">${esc(texts.flagsHeading)}</h2><ol class="flags">${flagItems}</ol>
${lessonHtml}
${texts.enrolled ? `<p class="enrolled">${esc(texts.enrolled)}</p>` : ''}
</div></main>`;
  return documentOf(args.lang, texts.title, body, nonce, TEACHABLE_STYLE);
}

/** The teachable moment's own texts in every language the library's mails are written in. */
export const TEACHABLE_TEXTS: Record<MailLanguage, Omit<TeachableTexts, 'enrolled'> & { enrolled: string }> =
  {
    en: {
      title: 'This was a phishing simulation',
      heading: 'This was a phishing simulation',
      intro:
        'Nothing happened: no data was sent and nothing you typed was stored. Take two minutes to see what gave this mail away.',
      yourMail: 'The mail you received',
      from: 'From',
      subject: 'Subject',
      flagsHeading: 'The red flags in this mail',
      lessonHeading: 'Two-minute lesson',
      whatToDo: 'What to do',
      enrolled: 'You have been enrolled in a short training program; its invitation is on its way.',
    },
    de: {
      title: 'Dies war eine Phishing-Simulation',
      heading: 'Dies war eine Phishing-Simulation',
      intro:
        'Es ist nichts passiert: Es wurden keine Daten gesendet und nichts von dem, was Sie eingegeben haben, gespeichert. Nehmen Sie sich zwei Minuten Zeit, um zu sehen, woran Sie diese Mail hätten erkennen können.',
      yourMail: 'Die Mail, die Sie erhalten haben',
      from: 'Von',
      subject: 'Betreff',
      flagsHeading: 'Die Warnsignale in dieser Mail',
      lessonHeading: 'Zwei-Minuten-Lektion',
      whatToDo: 'Was Sie tun sollten',
      enrolled: 'Sie wurden in ein kurzes Schulungsprogramm eingeschrieben; die Einladung ist unterwegs.',
    },
    fr: {
      title: 'Ceci était une simulation de phishing',
      heading: 'Ceci était une simulation de phishing',
      intro:
        'Rien ne s’est passé : aucune donnée n’a été envoyée et rien de ce que vous avez saisi n’a été enregistré. Prenez deux minutes pour voir ce qui trahissait cet e-mail.',
      yourMail: 'L’e-mail que vous avez reçu',
      from: 'De',
      subject: 'Objet',
      flagsHeading: 'Les signaux d’alerte de cet e-mail',
      lessonHeading: 'Leçon de deux minutes',
      whatToDo: 'Que faire',
      enrolled: 'Vous avez été inscrit à une courte formation ; votre invitation est en route.',
    },
    es: {
      title: 'Esto era una simulación de phishing',
      heading: 'Esto era una simulación de phishing',
      intro:
        'No ha pasado nada: no se ha enviado ningún dato y no se ha guardado nada de lo que escribió. Dedique dos minutos a ver qué delataba este correo.',
      yourMail: 'El correo que recibió',
      from: 'De',
      subject: 'Asunto',
      flagsHeading: 'Las señales de alerta de este correo',
      lessonHeading: 'Lección de dos minutos',
      whatToDo: 'Qué hacer',
      enrolled: 'Se le ha inscrito en un breve programa de formación; la invitación ya está en camino.',
    },
  };
