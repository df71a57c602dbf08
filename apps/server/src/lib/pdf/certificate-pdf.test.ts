import { describe, expect, it } from 'vitest';
import { renderCertificatePdf, type CertificateInput } from './certificate-pdf.ts';
import { hasPoppler, pageCount, pdfColors, pdfText, sampleLogoPng, testBrand } from './pdf-test-utils.ts';

const subjects = (count: number) => Array.from({ length: count }, (_, i) => `Subject number ${i + 1}`);

function certificate(overrides: Partial<CertificateInput> = {}): CertificateInput {
  return {
    brand: testBrand(),
    logo: sampleLogoPng(),
    employeeName: 'Jane Doe',
    employeeEmail: 'jane@acme.test',
    trainingName: 'Security Awareness 2025',
    completedAt: new Date('2025-03-12T10:00:00Z'),
    subjects: ['Phishing basics', 'Strong passphrases', 'Multi-factor authentication'],
    language: 'en',
    note: 'Thank you for keeping Acme safe.',
    ...overrides,
  };
}

async function render(overrides: Partial<CertificateInput> = {}) {
  const pdf = await renderCertificatePdf(certificate(overrides));
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pageCount(pdf)).toBe(1);
  return pdf;
}

describe('renderCertificatePdf', () => {
  it('renders one landscape page', async () => {
    const pdf = await render();
    expect(pdf.length).toBeGreaterThan(1000);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
  });

  it.runIf(hasPoppler)('prints every part of the certificate in English', async () => {
    const text = pdfText(await render());
    for (const expected of [
      'This certifies that',
      'Jane Doe',
      'has completed the security awareness training',
      'Security Awareness 2025',
      'Completed on March 12, 2025',
      'Thank you for keeping Acme safe.',
      'Phishing basics',
      'Multi-factor authentication',
      'Issued by Acme Corporation with Vigil',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/ /g, '')).toContain('CERTIFICATEOFCOMPLETION');
    expect(text).not.toContain('PREVIEW');
  });

  it.runIf(hasPoppler)('speaks German, French and Spanish, accents and dates included', async () => {
    const cases = [
      {
        language: 'de',
        texts: [
          'Hiermit wird bestätigt, dass',
          'Abgeschlossen am 12. März 2025',
          'Ausgestellt von Müller & Söhne GmbH mit Vigil',
        ],
      },
      {
        language: 'fr-CA',
        texts: [
          'Nous certifions que',
          'Terminée le 12 mars 2025',
          'Délivré par Müller & Söhne GmbH avec Vigil',
        ],
      },
      {
        language: 'es',
        texts: [
          'Se certifica que',
          'Completado el 12 de marzo de 2025',
          'Emitido por Müller & Söhne GmbH con Vigil',
        ],
      },
    ];
    for (const { language, texts } of cases) {
      const text = pdfText(
        await render({
          language,
          brand: testBrand({ companyName: 'Müller & Söhne GmbH' }),
          employeeName: 'José Núñez-Çelik',
        }),
      );
      for (const expected of [...texts, 'José Núñez-Çelik']) expect(text).toContain(expected);
    }
  });

  it.runIf(hasPoppler)('falls back to English for a language it does not speak', async () => {
    expect(pdfText(await render({ language: 'it' }))).toContain('This certifies that');
  });

  it.runIf(hasPoppler)('names the employee by email when the name is empty', async () => {
    expect(pdfText(await render({ employeeName: '  ' }))).toContain('jane@acme.test');
  });

  it.runIf(hasPoppler)(
    'sets the company name in large type without a logo, or when the logo is not an image',
    async () => {
      for (const logo of [null, Buffer.from('not an image')]) {
        const text = pdfText(await render({ logo, brand: testBrand({ companyName: 'Globex Ltd' }) }));
        expect(text.split('Globex Ltd').length - 1).toBe(2);
      }
    },
  );

  it.runIf(hasPoppler)('shows the localised preview watermark only for previews', async () => {
    expect(pdfText(await render({ preview: true })).replace(/ /g, '')).toContain('PREVIEW');
    expect(pdfText(await render({ preview: true, language: 'de' })).replace(/ /g, '')).toContain('VORSCHAU');
  });

  it.runIf(hasPoppler)('lists up to 20 subjects, then says how many more there are', async () => {
    const twenty = pdfText(await render({ subjects: subjects(20) }));
    expect(twenty).toContain('Subject number 20');
    expect(twenty).not.toContain('more');
    const many = pdfText(await render({ subjects: subjects(45) }));
    expect(many).toContain('Subject number 19');
    expect(many).not.toContain('Subject number 20');
    expect(many).toContain('+ 26 more');
  });

  it.runIf(hasPoppler)(
    'stays on one page with very long texts and prints what Helvetica lacks as ?',
    async () => {
      const text = pdfText(
        await render({
          employeeName: `Maximiliane Alexandra ${'Wolfeschlegelsteinhausenberger '.repeat(6)}李`,
          trainingName: 'A very long program name '.repeat(12),
          brand: testBrand({ companyName: 'Company '.repeat(30) }),
          logo: null,
          note: 'A long note. '.repeat(200),
          subjects: subjects(200).map((s) => `${s} with a title far too long to fit in its column at all`),
        }),
      );
      expect(text).toContain('Maximiliane Alexandra');
      expect(text).toContain('+ ');
    },
  );

  it('wears the brand colour, not the default green', async () => {
    const colors = pdfColors(await render({ brand: testBrand({ primaryColor: '#7048e8' }) }));
    expect(colors).toContain('#7048e8');
    expect(colors).not.toContain('#2f9e44');
    expect(pdfColors(await render({ brand: testBrand({ primaryColor: '#2f9e44' }) }))).toContain('#2f9e44');
  });

  it('accepts a brand colour it cannot read', async () => {
    await render({ brand: testBrand({ primaryColor: 'green-ish' }) });
    await render({ brand: testBrand({ primaryColor: '#abc' }) });
  });
});
