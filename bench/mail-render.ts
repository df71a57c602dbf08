// Mail rendering: one training mail in the company's Brand (colours, logo) with its Email settings texts
// (a markdown header and footer with every variable), in German, as the send loop renders it.
// Usage: node --import tsx bench/mail-render.ts [--mails 20000]
// Prints JSON: per-mail render time (mean, p50, p95, p99) with the texts' rendering cached as the send
// loop has it after a company's first mail, and with a new text source every mail (the cache missed).
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { companySettings, type Brand } from '@vigil/shared';
import { companyMailText } from '../apps/server/src/mail/templates/company-texts.ts';
import { trainingDeliveryMail } from '../apps/server/src/mail/templates/training-delivery-mail.ts';

/** The p-th percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const { values } = parseArgs({ options: { mails: { type: 'string', default: '20000' } } });
const mails = Number(values.mails);

const brand: Brand = {
  companyName: 'Harbor Logistics',
  accountName: 'Vigil',
  primaryColor: '#0c8599',
  secondaryColor: '#e03131',
  logoUrl:
    'https://vigil.example/api/companies/5b1c0f0e-6a51-4d5e-9b7a-1d2f3c4b5a69/logo?v=0123456789abcdef.png',
  supportEmail: 'security@harbor.example',
};
const header = 'Hallo **{{employee_name}}**, hier ist Ihre nächste Lektion von {{company}}.';
const footer = `Fragen zu {{program}}? Schreiben Sie an [das Sicherheitsteam](mailto:security@harbor.example).

- Melden Sie verdächtige E-Mails
- Bis {{due_date}}: *danke*, {{employee_name}}!`;

function render(i: number, unique: boolean) {
  const settings = companySettings({
    'ui.email.trainingHeader': header,
    'ui.email.trainingFooter': unique ? `${footer} (${i})` : footer,
  });
  const values = {
    employee_name: `Employee ${i} <${i}@harbor.example>`,
    company: brand.companyName,
    program: 'Phishing & Passwörter',
    due_date: '',
  };
  return trainingDeliveryMail({
    brand,
    language: 'de',
    kind: 'batch',
    trainingName: 'Phishing & Passwörter',
    employeeName: values.employee_name,
    link: `https://learn.vigil.example/#t=${'x'.repeat(43)}${i}`,
    subjects: [
      { title: 'Phishing erkennen', duration: 240 },
      { title: 'Sichere Passwörter', duration: 300 },
    ],
    intro: null,
    header: companyMailText(settings, 'trainingHeader', 'de', values),
    footer: companyMailText(settings, 'trainingFooter', 'de', values),
  });
}

function run(unique: boolean) {
  for (let i = 0; i < 500; i++) render(-i, unique);
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < mails; i++) {
    const t0 = performance.now();
    const mail = render(i, unique);
    times.push(performance.now() - t0);
    bytes += mail.html.length;
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    mails,
    meanMs: round(total / mails),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1)!),
    htmlBytes: Math.round(bytes / mails),
  };
}

const load = loadavg()[0]!;
console.log(
  JSON.stringify(
    {
      benchmark: 'mail-render',
      loadAverage: Math.round(load * 100) / 100,
      cachedTexts: run(false),
      uncachedTexts: run(true),
      limitMs: 2,
    },
    null,
    2,
  ),
);
