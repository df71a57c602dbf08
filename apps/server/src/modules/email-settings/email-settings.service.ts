/**
 * Email settings (spec 1 §2, §3 `ui.email.*`): the header and footer texts of the employees' mails and
 * their markdown twins, kept in the company's settings map; and a preview of a mail as an employee
 * gets it, rendered by the real templates with the texts being edited.
 */
import {
  EMAIL_TEXTS,
  emailTextSetting,
  formatZonedDateTime,
  mailLanguage,
  type CompanySettings,
  type EmailPreview,
  type EmailPreviewRequest,
  type EmailSettings,
  type EmailSettingsUpdate,
  type EmailText,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { companyChanged } from '../../lib/company-changes.ts';
import { assessmentInvitationMail } from '../../mail/templates/assessment-invitation-mail.ts';
import { companyMailText } from '../../mail/templates/company-texts.ts';
import { trainingDeliveryMail } from '../../mail/templates/training-delivery-mail.ts';
import { brandOf, companyById, mergeCompanySettings, settingsOf } from '../companies/companies.service.ts';

async function companyOf(ctx: AppContext, tenant: TenantContext) {
  const record = await companyById(ctx.db, tenant.companyId);
  if (!record) throw NotFound('Company not found.');
  return record.company;
}

const textsOf = (values: Record<EmailText, string>) =>
  Object.fromEntries(EMAIL_TEXTS.map((k) => [k, values[k]])) as Record<EmailText, string>;

function present(company: { defaultLanguage: string }, settings: CompanySettings): EmailSettings {
  return {
    texts: textsOf(settings.email),
    markdown: textsOf(settings.emailMarkdown),
    language: mailLanguage(company.defaultLanguage),
  };
}

/** GET /companies/{id}/email_settings. */
export async function emailSettings(ctx: AppContext, tenant: TenantContext): Promise<EmailSettings> {
  const company = await companyOf(ctx, tenant);
  return present(company, settingsOf(company));
}

/** PUT /companies/{id}/email_settings: the given texts replace the stored ones; '' restores a default. */
export async function saveEmailSettings(
  ctx: AppContext,
  tenant: TenantContext,
  input: EmailSettingsUpdate,
): Promise<EmailSettings> {
  const entries: Record<string, string> = {};
  for (const [text, value] of Object.entries(input.texts ?? {}) as [EmailText, string][]) {
    entries[emailTextSetting(text)] = value.trim();
  }
  for (const [text, value] of Object.entries(input.markdown ?? {}) as [EmailText, string][]) {
    entries[emailTextSetting(text, true)] = value.trim();
  }
  if (Object.keys(entries).length > 0) {
    await mergeCompanySettings(ctx.db, tenant.companyId, entries);
    companyChanged(tenant.companyId);
  }
  return emailSettings(ctx, tenant);
}

/** The sample an employee's mail is previewed with. */
const SAMPLE = {
  employeeName: 'Alex Example',
  training: 'Security awareness essentials',
  assessment: 'Human risk assessment',
  subjects: [
    { title: 'Spot the phish', duration: 240 },
    { title: 'Passwords and passphrases', duration: 300 },
  ],
  link: '/#preview',
} as const;

/**
 * POST /companies/{id}/email_settings/preview: the mail of a tab as an employee in `language` gets it
 * (the company's default when not given), with the texts being edited in place of the saved ones.
 */
export async function emailPreview(
  ctx: AppContext,
  tenant: TenantContext,
  input: EmailPreviewRequest,
): Promise<EmailPreview> {
  const company = await companyOf(ctx, tenant);
  const saved = settingsOf(company);
  const settings = { email: { ...saved.email, ...input.texts } };
  const language = input.language ?? mailLanguage(company.defaultLanguage);
  const brand = brandOf(ctx.config, company);
  const link = `${ctx.config.learnerUrl}${SAMPLE.link}`;
  if (input.kind === 'assessment') {
    const due = formatZonedDateTime(new Date(Date.now() + 14 * 86_400_000), saved.timeZone);
    const values = {
      employee_name: SAMPLE.employeeName,
      company: company.name,
      program: SAMPLE.assessment,
      due_date: due,
    };
    const mail = assessmentInvitationMail({
      brand,
      language,
      kind: 'invitation',
      assessmentName: SAMPLE.assessment,
      employeeName: SAMPLE.employeeName,
      link,
      questions: 12,
      duration: 600,
      due,
      intro: null,
      header: companyMailText(settings, 'assessmentHeader', language, values),
      footer: companyMailText(settings, 'assessmentFooter', language, values),
    });
    return { ...mail, values };
  }
  const values = {
    employee_name: SAMPLE.employeeName,
    company: company.name,
    program: SAMPLE.training,
    due_date: '',
  };
  const batch = input.kind === 'training';
  const mail = trainingDeliveryMail({
    brand,
    language,
    kind: batch ? 'batch' : 'reminder',
    trainingName: SAMPLE.training,
    employeeName: SAMPLE.employeeName,
    link,
    subjects: [...SAMPLE.subjects],
    intro: null,
    header: companyMailText(settings, batch ? 'trainingHeader' : 'reminderHeader', language, values),
    footer: companyMailText(settings, batch ? 'trainingFooter' : 'reminderFooter', language, values),
  });
  return { ...mail, values };
}
