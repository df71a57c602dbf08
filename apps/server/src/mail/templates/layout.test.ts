import { DEFAULT_COLORS, type Brand } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { renderMail } from './layout.ts';
import { trainingDeliveryMail } from './training-delivery-mail.ts';

const brand = (overrides: Partial<Brand> = {}): Brand => ({
  companyName: 'Acme Corporation',
  accountName: 'Vigil',
  primaryColor: '#7048e8',
  secondaryColor: '#e03131',
  logoUrl: null,
  supportEmail: 'support@example.test',
  ...overrides,
});

const content = {
  preheader: 'Hello',
  heading: 'Your training',
  paragraphs: ['Please watch.'],
  sections: [{ title: 'Lessons', items: [{ label: 'Spot the phish', url: 'https://learn.example/1' }] }],
  button: { label: 'Start', url: 'https://learn.example/' },
};

describe('mails wear the brand', () => {
  it('with the white-label account name, support address and help, privacy and terms links in the footer', () => {
    const { html, text } = renderMail(
      brand({
        accountName: 'Shield Academy',
        supportEmail: 'help@shield.example',
        helpUrl: 'https://help.shield.example/?a=1&b=2',
        privacyUrl: null,
        termsUrl: 'https://shield.example/terms',
      }),
      content,
    );
    expect(html).toContain('Sent by Shield Academy security awareness');
    expect(html).toContain('mailto:help@shield.example');
    expect(html).toContain(
      '<a href="https://help.shield.example/?a=1&amp;b=2" style="color:#495057">Help</a>',
    );
    expect(html).toContain('>Terms</a>');
    expect(html).not.toContain('>Privacy</a>');
    expect(text).toContain('Help: https://help.shield.example/?a=1&b=2');
    expect(renderMail(brand(), content).html).not.toContain('>Help</a>');
  });

  it("in the company's colour, not the default green", () => {
    const { html } = renderMail(brand(), content);
    expect(html).toContain('background:#7048e8');
    expect(html).not.toContain(DEFAULT_COLORS.primary);
  });

  it('with readable text on a light colour and readable links on white', () => {
    const { html } = renderMail(brand({ primaryColor: '#ffe066' }), content);
    expect(html).toContain('background:#ffe066');
    expect(html).toMatch(/background:#ffe066;[^"]*color:#000000/);
    expect(html).not.toMatch(/<a href="https:\/\/learn\.example\/1" style="color:#ffe066/);
  });

  it('with its logo when it has one, else its name', () => {
    const withLogo = renderMail(
      brand({ logoUrl: 'https://app.example/api/companies/c1/logo?v=a.png' }),
      content,
    );
    expect(withLogo.html).toContain(
      '<img src="https://app.example/api/companies/c1/logo?v=a.png" alt="Acme Corporation"',
    );
    expect(renderMail(brand(), content).html).not.toContain('<img');
  });

  it("with the account name and the brand's support address", () => {
    const { html, text } = renderMail(
      brand({ accountName: 'Shield', supportEmail: 'help@shield.example' }),
      content,
    );
    expect(html).toContain('Sent by Shield security awareness for Acme Corporation');
    expect(html).toContain('mailto:help@shield.example');
    expect(text).toContain('help@shield.example');
  });

  it('through every template', () => {
    const mail = trainingDeliveryMail({
      brand: brand({ primaryColor: '#0b7285' }),
      language: 'en',
      kind: 'batch',
      trainingName: 'Essentials',
      employeeName: 'Ann',
      link: 'https://learn.example/#t=x',
      subjects: [{ title: 'Spot the phish', duration: 120 }],
      intro: null,
      header: null,
      footer: null,
    });
    expect(mail.html).toContain('#0b7285');
  });
});
