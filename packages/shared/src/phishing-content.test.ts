import { describe, expect, it } from 'vitest';
import {
  fillPhishingText,
  localizePhishingRedFlags,
  PHISHING_SAMPLE_VARS,
  PhishingLandingPage,
  PhishingTemplate,
  phishingKeysIn,
  renderPhishingLandingPage,
  renderPhishingTemplate,
  unknownPhishingKeys,
  type PhishingVars,
} from './phishing-content.ts';

const template = PhishingTemplate.parse({
  id: 'test-invoice',
  name: { en: 'Overdue invoice', de: 'Überfällige Rechnung' },
  lure: 'invoice',
  difficulty: 2,
  threatArea: 'email-phishing',
  behaviours: ['PH-2'],
  sender: {
    name: { en: 'Accounts at {{company.name}}', de: 'Buchhaltung {{company.name}}' },
    localPart: 'accounts',
    domain: 'billing.{{sender.domain}}',
    replyTo: 'pay@{{sender.domain}}',
  },
  mail: {
    en: {
      subject: 'Invoice for {{employee.firstName}}',
      preheader: 'Due today',
      html: '<p>Hello {{employee.firstName}},</p><p><a data-flag="link" href="{{link}}">Open {{ company.name }}</a> {{unknown.key}}</p>',
    },
    de: {
      subject: 'Rechnung für {{employee.firstName}}',
      html: '<p>Hallo {{employee.firstName}},</p><p><a data-flag="link" href="{{link}}">Öffnen</a></p><img src="{{trackingPixel}}" alt="">',
    },
  },
  redFlags: [
    {
      id: 'link',
      location: 'link',
      title: { en: 'Link', de: 'Link' },
      explanation: { en: 'Goes elsewhere.', de: 'Führt woanders hin.' },
    },
  ],
  landingPage: 'invoice-portal',
});

const vars: PhishingVars = {
  ...PHISHING_SAMPLE_VARS,
  'employee.firstName': '<b>Eve</b> & "Co"',
  'company.name': "O'Brien <Ltd>",
  link: 'https://track.example/c/abc?x=1&y=2',
  trackingPixel: 'https://track.example/o/abc.gif',
  'sender.domain': 'Vendor-Mail.example',
};

describe('renderPhishingTemplate', () => {
  it('escapes every value in the body, so a value never adds markup', () => {
    const mail = renderPhishingTemplate(template, 'en', vars);
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(mail.html).toContain('href="https://track.example/c/abc?x=1&amp;y=2"');
    expect(mail.html).toContain('Open O&#39;Brien &lt;Ltd&gt;');
    expect(mail.html).not.toContain('<b>Eve');
  });

  it('leaves unknown keys as written and fills keys written with spaces', () => {
    const mail = renderPhishingTemplate(template, 'en', vars);
    expect(mail.html).toContain('{{unknown.key}}');
    expect(mail.html).not.toContain('{{ company.name }}');
  });

  it('fills the headers as plain text on one line, with the sender profile domain', () => {
    const mail = renderPhishingTemplate(template, 'en', { ...vars, 'company.name': 'Acme\r\nBcc: x@y' });
    expect(mail.subject).toBe('Invoice for <b>Eve</b> & "Co"');
    expect(mail.fromName).toBe('Accounts at Acme Bcc: x@y');
    expect(mail.fromAddress).toBe('accounts@billing.vendor-mail.example');
    expect(mail.replyTo).toBe('pay@vendor-mail.example');
  });

  it('strips the red-flag marks from the mail and keeps them for the teachable moment', () => {
    expect(renderPhishingTemplate(template, 'en', vars).html).not.toContain('data-flag');
    expect(renderPhishingTemplate(template, 'en', vars, { keepFlagMarks: true }).html).toContain(
      'data-flag="link"',
    );
  });

  it('appends the open pixel unless the HTML places it, and only when a pixel URL is given', () => {
    const en = renderPhishingTemplate(template, 'en', vars).html;
    expect(
      en.endsWith(
        '<img src="https://track.example/o/abc.gif" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">',
      ),
    ).toBe(true);
    const de = renderPhishingTemplate(template, 'de', vars).html;
    expect(de.match(/track\.example\/o\/abc\.gif/g)).toHaveLength(1);
    expect(renderPhishingTemplate(template, 'en', { ...vars, trackingPixel: '' }).html).not.toContain('<img');
  });

  it('puts the preheader first, hidden and escaped', () => {
    const html = renderPhishingTemplate(template, 'en', vars).html;
    expect(html.startsWith('<div style="display:none;')).toBe(true);
    expect(html).toContain('>Due today</div>');
  });

  it('renders the asked language, its base language, else English', () => {
    expect(renderPhishingTemplate(template, 'de', vars)).toMatchObject({
      lang: 'de',
      fromName: "Buchhaltung O'Brien <Ltd>",
    });
    expect(renderPhishingTemplate(template, 'de-AT', vars).lang).toBe('de');
    expect(renderPhishingTemplate(template, 'fr', vars)).toMatchObject({
      lang: 'en',
      subject: expect.stringMatching(/^Invoice/),
    });
  });

  it('is pure: the same input gives the same mail', () => {
    expect(renderPhishingTemplate(template, 'en', vars)).toEqual(
      renderPhishingTemplate(template, 'en', vars),
    );
  });
});

describe('personalisation keys', () => {
  it('lists the keys a text uses and the unknown ones', () => {
    const text = '{{employee.firstName}} {{ link }} {{link}} {{employee.shoeSize}} {{company.hrEmail}}';
    expect(phishingKeysIn(text)).toEqual([
      'employee.firstName',
      'link',
      'employee.shoeSize',
      'company.hrEmail',
    ]);
    expect(unknownPhishingKeys(text)).toEqual(['employee.shoeSize']);
  });

  it('fills a plain text without escaping', () => {
    expect(fillPhishingText('Hi {{employee.firstName}}', vars)).toBe('Hi <b>Eve</b> & "Co"');
  });
});

describe('schemas', () => {
  it('requires en and de for the mail and every text', () => {
    const noGerman = { ...template, mail: { en: template.mail.en } };
    expect(PhishingTemplate.safeParse(noGerman).success).toBe(false);
    const flagWithoutGerman = { ...template, redFlags: [{ ...template.redFlags[0], title: { en: 'Link' } }] };
    expect(PhishingTemplate.safeParse(flagWithoutGerman).success).toBe(false);
  });

  it('joins a body written as lines', () => {
    const lines = {
      ...template,
      mail: { ...template.mail, de: { subject: 'Betreff', html: ['<p>', 'Hallo</p>'] } },
    };
    expect(PhishingTemplate.parse(lines).mail.de.html).toBe('<p>Hallo</p>');
    expect(
      PhishingTemplate.safeParse({ ...lines, mail: { ...lines.mail, de: { subject: 'B', html: [] } } })
        .success,
    ).toBe(false);
  });

  it('refuses an unknown lure, a difficulty out of 1–3 and a flag location it does not know', () => {
    expect(PhishingTemplate.safeParse({ ...template, lure: 'lottery' }).success).toBe(false);
    expect(PhishingTemplate.safeParse({ ...template, difficulty: 4 }).success).toBe(false);
    const flag = { ...template.redFlags[0], location: 'footer' };
    expect(PhishingTemplate.safeParse({ ...template, redFlags: [flag] }).success).toBe(false);
  });

  it('renders a landing page with its keys filled and the red flags in one language', () => {
    const page = PhishingLandingPage.parse({
      id: 'sign-in',
      kind: 'sign-in',
      title: { en: 'Sign in', de: 'Anmelden' },
      heading: { en: 'Sign in to {{company.name}}', de: 'Bei {{company.name}} anmelden' },
      intro: { en: 'Your session expired.', de: 'Ihre Sitzung ist abgelaufen.' },
      fields: [
        { id: 'email', type: 'email', label: { en: 'Email', de: 'E-Mail' }, value: '{{employee.email}}' },
        { id: 'password', type: 'password', label: { en: 'Password', de: 'Passwort' } },
      ],
      submit: { en: 'Sign in', de: 'Anmelden' },
    });
    const de = renderPhishingLandingPage(page, 'de', vars);
    expect(de).toMatchObject({ heading: "Bei O'Brien <Ltd> anmelden", item: null, footer: null });
    expect(de.fields).toEqual([
      { id: 'email', type: 'email', label: 'E-Mail', value: 'alex.morgan@example.com' },
      { id: 'password', type: 'password', label: 'Passwort', value: '' },
    ]);
    expect(localizePhishingRedFlags(template, 'de')[0]).toEqual({
      id: 'link',
      location: 'link',
      title: 'Link',
      explanation: 'Führt woanders hin.',
    });
  });
});
