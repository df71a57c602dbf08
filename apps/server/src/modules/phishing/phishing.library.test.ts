import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAIL_LANGUAGES,
  PHISHING_KEY_NAMES,
  PHISHING_LANDING_KINDS,
  PHISHING_LURES,
  PHISHING_SAMPLE_VARS,
  phishingKeysIn,
  renderPhishingLandingPage,
  renderPhishingTemplate,
  type PhishingText,
} from '@vigil/shared';
import {
  CONTENT_ROOT,
  loadPhishingLibrary,
  phishingLibrary,
  PHISHING_DIR,
  type PhishingLibrary,
} from './phishing.library.ts';

/** The pack test: the library as shipped passes every check, and a broken copy proves each check fails. */

const { library, problems } = loadPhishingLibrary();

/** The languages besides English that every text must have: those mails are written in. */
const TRANSLATIONS = MAIL_LANGUAGES.filter((lang) => lang !== 'en');

/**
 * Every text of the library that lacks one of the mail languages (the loader requires only en and de,
 * as a company's own templates need no more): "<where> <path>: no <lang>".
 */
function languageGaps(lib: Pick<PhishingLibrary, 'templates' | 'landingPages' | 'lessons'>): string[] {
  const gaps: string[] = [];
  const check = (where: string, text: PhishingText | Record<string, unknown> | undefined) => {
    for (const lang of MAIL_LANGUAGES) if (text && !text[lang]) gaps.push(`${where}: no ${lang}`);
  };
  for (const t of lib.templates) {
    check(`template ${t.id} name`, t.name);
    check(`template ${t.id} sender.name`, t.sender.name);
    check(`template ${t.id} mail`, t.mail);
    for (const lang of MAIL_LANGUAGES)
      if (t.mail.en.preheader && t.mail[lang] && !t.mail[lang].preheader)
        gaps.push(`template ${t.id} mail.${lang}.preheader: no ${lang}`);
    for (const f of t.redFlags) {
      check(`template ${t.id} redFlags.${f.id}.title`, f.title);
      check(`template ${t.id} redFlags.${f.id}.explanation`, f.explanation);
    }
  }
  for (const p of lib.landingPages) {
    for (const key of ['title', 'heading', 'intro', 'item', 'submit', 'footer'] as const)
      check(`landing page ${p.id} ${key}`, p[key]);
    for (const f of p.fields) check(`landing page ${p.id} fields.${f.id}.label`, f.label);
  }
  for (const l of lib.lessons) {
    for (const key of ['title', 'intro', 'takeaway'] as const) check(`lesson ${l.lure} ${key}`, l[key]);
    l.redFlags.forEach((text, i) => check(`lesson ${l.lure} redFlags.${i}`, text));
    l.whatToDo.forEach((text, i) => check(`lesson ${l.lure} whatToDo.${i}`, text));
  }
  return gaps;
}

describe('the phishing library as shipped', () => {
  it('has no problems', () => {
    expect(problems).toEqual([]);
  });

  it('has at least 30 templates over every lure kind, with every difficulty for most lures', () => {
    expect(library.templates.length).toBeGreaterThanOrEqual(30);
    for (const lure of PHISHING_LURES) {
      const ofLure = library.templates.filter((t) => t.lure === lure);
      expect(ofLure.length, lure).toBeGreaterThanOrEqual(3);
      expect(new Set(ofLure.map((t) => t.difficulty)).size, lure).toBeGreaterThanOrEqual(2);
    }
    for (const difficulty of [1, 2, 3])
      expect(library.templates.filter((t) => t.difficulty === difficulty).length).toBeGreaterThanOrEqual(8);
  });

  it('has every text in every mail language', () => {
    expect(languageGaps(library)).toEqual([]);
    for (const t of library.templates)
      for (const lang of TRANSLATIONS) {
        // A translated mail is a translation, not a copy of the English one.
        expect(t.mail[lang]!.subject, `${t.id} ${lang}`).not.toBe(t.mail.en.subject);
        expect(t.mail[lang]!.html, `${t.id} ${lang}`).not.toBe(t.mail.en.html);
      }
  });

  it('marks every body red flag in the HTML of every language, and has a lesson per lure', () => {
    for (const t of library.templates)
      for (const flag of t.redFlags.filter((f) => ['link', 'attachment', 'body'].includes(f.location)))
        for (const lang of MAIL_LANGUAGES)
          expect(t.mail[lang]!.html, `${t.id} ${lang} ${flag.id}`).toContain(`data-flag="${flag.id}"`);
    expect(library.lessons.map((l) => l.lure).sort()).toEqual([...PHISHING_LURES].sort());
    for (const lure of PHISHING_LURES) expect(library.lesson(lure)?.lure).toBe(lure);
  });

  it('uses only known personalisation keys and links only to {{link}}', () => {
    for (const t of library.templates)
      for (const mail of Object.values(t.mail)) {
        for (const key of phishingKeysIn(mail.subject + mail.html))
          expect(PHISHING_KEY_NAMES, t.id).toContain(key);
        for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) expect(href, t.id).toBe('{{link}}');
      }
  });

  it('has a landing page of every kind, each opened by some template', () => {
    expect(new Set(library.landingPages.map((p) => p.kind))).toEqual(new Set(PHISHING_LANDING_KINDS));
    const used = new Set(library.templates.map((t) => t.landingPage));
    for (const page of library.landingPages) expect(used, page.id).toContain(page.id);
  });

  it('refers only to landing pages that exist, and to behaviours of the content pack', () => {
    for (const t of library.templates) {
      expect(library.landingPage(t.landingPage), t.id).toBeDefined();
      const file = path.join(CONTENT_ROOT, 'threat-areas', `${t.threatArea}.json`);
      const area = JSON.parse(readFileSync(file, 'utf8')) as { behaviours: { code: string }[] };
      for (const code of t.behaviours)
        expect(
          area.behaviours.map((b) => b.code),
          t.id,
        ).toContain(code);
    }
  });

  it('names no real brand: every brand in the mails is one of our fictitious ones', () => {
    const real =
      /\b(microsoft|office ?365|outlook|google|gmail|docusign|dropbox|fedex|amazon|paypal|sharepoint|onedrive|adobe|linkedin|okta|hermes)\b/i;
    const realCased = /\b(DHL|UPS|DPD|Apple|Zoom)\b/;
    for (const t of library.templates)
      for (const mail of Object.values(t.mail)) {
        const text = `${t.id}: ${Object.values(t.sender.name).join(' ')} ${mail.subject} ${mail.html}`;
        expect(text).not.toMatch(real);
        expect(text).not.toMatch(realCased);
      }
  });

  it('renders every template in every mail language with every key filled', () => {
    const vars = {
      ...PHISHING_SAMPLE_VARS,
      link: 'https://t.example/c/x',
      qrCode: 'https://t.example/q/x.png',
    };
    for (const t of library.templates)
      for (const lang of MAIL_LANGUAGES) {
        const mail = renderPhishingTemplate(t, lang, vars);
        expect(mail.lang).toBe(lang);
        expect(`${mail.fromName} ${mail.fromAddress} ${mail.subject} ${mail.html}`, t.id).not.toMatch(/\{\{/);
        expect(mail.fromAddress, t.id).toMatch(/^[a-z0-9._-]+@([a-z0-9-]+\.)*example\.net$/);
      }
    for (const t of library.templates.filter((t) => t.lure === 'qr-code'))
      for (const lang of MAIL_LANGUAGES) {
        const html = renderPhishingTemplate(t, lang, { ...vars, qrCode: '' }, { keepFlagMarks: true }).html;
        expect(html, t.id).toMatch(/<table data-flag="[a-z-]+" role="img" aria-label="[^"]+" width=/);
        expect(html, t.id).not.toContain('src=""');
      }
    for (const page of library.landingPages)
      for (const lang of MAIL_LANGUAGES) {
        const rendered = JSON.stringify(renderPhishingLandingPage(page, lang, vars));
        expect(rendered, `${page.id} ${lang}`).not.toMatch(/\{\{/);
        if (lang !== 'en')
          expect(rendered, `${page.id} ${lang}`).not.toBe(
            JSON.stringify(renderPhishingLandingPage(page, 'en', vars)),
          );
      }
  });

  it('is read once and served from memory', () => {
    expect(phishingLibrary()).toBe(phishingLibrary());
    expect(phishingLibrary().template('mailbox-quota-full')?.lure).toBe('credential-harvest');
    expect(phishingLibrary().template('no-such-template')).toBeUndefined();
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a template's JSON, changed freely to break it
type TemplateJson = Record<string, any>;

/** A mail's HTML as authored: one string or lines. */
const htmlOf = (mail: { html: string | string[] }) => [mail.html].flat().join('');

describe('a broken library', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of the library with some of its files (paths inside content/phishing) changed; what loads from it. */
  function libraryAfter(changes: Record<string, (json: TemplateJson) => void>) {
    dir = mkdtempSync(path.join(tmpdir(), 'phishing-'));
    cpSync(PHISHING_DIR, dir, { recursive: true });
    for (const [name, change] of Object.entries(changes)) {
      const file = path.join(dir, name);
      const json = JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;
      change(json);
      writeFileSync(file, JSON.stringify(json));
    }
    return loadPhishingLibrary({ dir, threatAreasDir: path.join(CONTENT_ROOT, 'threat-areas') });
  }

  /** A copy of the library with one template file changed; its problems. */
  const problemsAfter = (id: string, change: (template: TemplateJson) => void): string[] =>
    libraryAfter({ [`templates/${id}.json`]: change }).problems;

  it('names the file and path of a schema problem', () => {
    expect(problemsAfter('voicemail-message', (t) => delete t.mail.de)).toContain(
      `${path.relative(CONTENT_ROOT, path.join(dir!, 'templates/voicemail-message.json'))}: mail.de: Invalid input: expected object, received undefined`,
    );
  });

  it('finds a body red flag whose element is missing in one language', () => {
    const found = problemsAfter('voicemail-message', (t) => {
      t.mail.de.html = htmlOf(t.mail.de).replace('data-flag="attachment"', '');
    });
    expect(found.some((p) => p.endsWith('mail.de.html: no element with data-flag="attachment"'))).toBe(true);
  });

  it('finds an unknown key, a foreign link, an unknown landing page, behaviour and a mark without a flag', () => {
    const found = problemsAfter('mailbox-quota-full', (t) => {
      t.mail.en.subject += ' {{employee.salary}}';
      t.mail.en.html =
        htmlOf(t.mail.en) + '<a href="https://example.org">x</a><span data-flag="ghost">y</span>';
      t.landingPage = 'nowhere';
      t.behaviours = ['PH-1', 'PW-9'];
    });
    const expected = [
      'unknown personalisation key {{employee.salary}}',
      'mail.en.html: href="https://example.org" (links go to {{link}}, images are {{qrCode}} only)',
      'landingPage: unknown landing page nowhere',
      'behaviours: PW-9 is not a behaviour of email-phishing',
      'mail.en.html: data-flag="ghost" names no red flag',
    ];
    for (const problem of expected)
      expect(
        found.some((p) => p.endsWith(problem)),
        problem,
      ).toBe(true);
  });

  it('finds a missing German text, a missing lure and a library below 30 templates', () => {
    const found = problemsAfter('qr-parking-permit', (t) => {
      delete t.redFlags[0].explanation.de;
    });
    expect(found.some((p) => p.includes('qr-parking-permit.json: redFlags.0.explanation.de'))).toBe(true);
    // The file no longer parses, so the library has one template less; remove every other QR lure and
    // enough others to fall below 30.
    const qr = library.templates.filter((t) => t.lure === 'qr-code' && t.id !== 'qr-parking-permit');
    const others = library.templates.filter((t) => t.lure === 'invoice');
    const removed = [...qr, ...others.slice(0, Math.max(0, library.templates.length - 1 - qr.length - 28))];
    for (const t of removed) rmSync(path.join(dir!, 'templates', `${t.id}.json`));
    const left = library.templates.length - 1 - removed.length;
    const smaller = loadPhishingLibrary({
      dir,
      threatAreasDir: path.join(CONTENT_ROOT, 'threat-areas'),
    }).problems;
    expect(left).toBeLessThan(30);
    expect(smaller).toContain('no template for the lure qr-code');
    expect(smaller).toContain(`the library has ${left} templates, needs at least 30`);
  });

  it('finds a text without French or Spanish in a template, a landing page and a lesson', () => {
    const voicemail = library.template('voicemail-message')!;
    const flag = voicemail.redFlags[1]!.id;
    const qrLesson = library.lessons.findIndex((l) => l.lure === 'qr-code');
    const copy = libraryAfter({
      'templates/voicemail-message.json': (t) => {
        delete t.mail.fr;
        delete t.mail.es.preheader;
        delete t.redFlags[1].explanation.es;
      },
      'landing-pages/sign-in-mailbox.json': (p) => delete p.fields[1].label.fr,
      'lessons.json': (lessons) => delete lessons[qrLesson].whatToDo[0].es,
    });
    // The loader serves such a library (en and de suffice for it); the pack test refuses it.
    expect(copy.problems).toEqual([]);
    expect(languageGaps(copy.library)).toEqual([
      'template voicemail-message mail: no fr',
      'template voicemail-message mail.es.preheader: no es',
      `template voicemail-message redFlags.${flag}.explanation: no es`,
      'landing page sign-in-mailbox fields.password.label: no fr',
      'lesson qr-code whatToDo.0: no es',
    ]);
  });

  it('refuses to serve a library with problems, naming them', () => {
    const found = problemsAfter('gift-card-request', (t) => (t.id = 'gift-card'));
    expect(
      found.some((p) => p.endsWith('gift-card-request.json: id gift-card differs from the file name')),
    ).toBe(true);
  });
});
