import {
  PHISHING_FLAG_ATTRIBUTE,
  PHISHING_SAMPLE_VARS,
  PhishingCustomTemplateSave,
  renderPhishingTemplate,
  type PhishingCustomTemplate,
  type PhishingFlagLocation,
  type PhishingCustomTemplateSave as Save,
} from '@vigil/shared';

/** The editor's form: a custom template as the contract saves it, red flags always present. */
export type TemplateForm = Omit<Save, 'redFlags' | 'difficulty'> & {
  difficulty: number;
  redFlags: { id: string; title: string; explanation: string; location: PhishingFlagLocation }[];
};

export const EMPTY_TEMPLATE: TemplateForm = {
  name: '',
  language: 'en',
  lureKind: 'credential-harvest',
  difficulty: 2,
  senderName: 'IT Service Desk',
  senderLocalPart: 'it-support',
  subject: 'Your password expires today',
  html:
    '<p>Hello {{employee.firstName}},</p>\n' +
    '<p>The password of <strong>{{employee.email}}</strong> expires <span data-flag="urgency">today at 17:00</span>.</p>\n' +
    '<p><a href="{{link}}" data-flag="link">Keep my password</a></p>\n' +
    '<p>IT Service Desk<br>{{company.name}}</p>',
  landingPageId: '',
  redFlags: [
    {
      id: 'urgency',
      title: 'Pressure of time',
      explanation: 'A deadline of a few hours is meant to make you act before you think.',
      location: 'body',
    },
    {
      id: 'link',
      title: 'The link does not go to your company',
      explanation: 'Hover over the button: the address is not one your IT department uses.',
      location: 'link',
    },
  ],
};

export function formFromTemplate(template: PhishingCustomTemplate): TemplateForm {
  return {
    name: template.name,
    language: template.language,
    lureKind: template.lureKind,
    difficulty: template.difficulty,
    senderName: template.senderName,
    senderLocalPart: template.senderLocalPart,
    subject: template.subject,
    html: template.html,
    landingPageId: template.landingPageId,
    redFlags: template.redFlags.map((flag) => ({ ...flag })),
  };
}

/** The red flags whose element is missing from the HTML (sender and subject flags sit in the head). */
export function missingFlagElements(form: Pick<TemplateForm, 'html' | 'redFlags'>): string[] {
  return form.redFlags
    .filter((flag) => flag.location !== 'sender' && flag.location !== 'subject')
    .filter((flag) => flag.id && !form.html.includes(`${PHISHING_FLAG_ATTRIBUTE}="${flag.id}"`))
    .map((flag) => flag.id);
}

/** The form's problems by field, as the contract reads them (the server checks again). */
export function templateProblems(form: TemplateForm): Record<string, string> {
  const parsed = PhishingCustomTemplateSave.safeParse(form);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

/** Marks the red flags in the preview: a dashed outline on each flagged element. */
const FLAG_STYLE = `<style>[${PHISHING_FLAG_ATTRIBUTE}]{outline:2px dashed #e03131;outline-offset:2px;background:#fff5f5}</style>`;

/** The mail as an employee would see it, with sample personalisation; flags outlined when asked. */
export function previewMail(form: TemplateForm, showFlags: boolean) {
  const text = { subject: form.subject || ' ', html: form.html || ' ' };
  const rendered = renderPhishingTemplate(
    {
      sender: {
        name: { en: form.senderName || ' ', de: form.senderName || ' ' },
        localPart: form.senderLocalPart,
        domain: '{{sender.domain}}',
      },
      mail: { en: text, de: text },
    },
    'en',
    PHISHING_SAMPLE_VARS,
    { keepFlagMarks: showFlags },
  );
  const doc = `<!doctype html><html><head><meta charset="utf-8">${showFlags ? FLAG_STYLE : ''}</head><body style="font-family:Arial,sans-serif;font-size:14px;color:#212529;margin:16px">${rendered.html}</body></html>`;
  return { ...rendered, doc };
}
