import { describe, expect, it } from 'vitest';
import { companySettings } from './company-settings.ts';
import {
  DEFAULT_EMAIL_TEXTS,
  EmailSettingsUpdate,
  emailTextFor,
  fillEmailVariables,
  MAIL_LANGUAGES,
  mailLanguage,
} from './email-settings.ts';
import { EMAIL_SETTINGS_MESSAGES } from './messages.ts';

describe('email settings rules', () => {
  it("writes a mail in the employee's language, else the company's, else English", () => {
    expect(mailLanguage('de', 'fr')).toBe('de');
    expect(mailLanguage(null, 'fr')).toBe('fr');
    expect(mailLanguage(undefined, 'en-GB')).toBe('en');
    expect(mailLanguage('it', 'es')).toBe('es');
    expect(mailLanguage('it', 'sv')).toBe('en');
  });

  it('fills the variables, escaping only the values', () => {
    const values = { employee_name: '<b>Ann</b>', company: 'A&B', program: 'P', due_date: '' };
    const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(fillEmailVariables('<p>{{employee_name}} at {{ company }}{{due_date}}</p>', values, escape)).toBe(
      '<p>&lt;b&gt;Ann&lt;/b&gt; at A&amp;B</p>',
    );
    expect(fillEmailVariables('{{unknown}}', values)).toBe('{{unknown}}');
  });

  it("takes the company's text, else the default in the mail's language", () => {
    const own = companySettings({ 'ui.email.trainingFooter': 'Ours' });
    expect(emailTextFor(own, 'trainingFooter', 'de')).toBe('Ours');
    expect(emailTextFor(companySettings({}), 'trainingFooter', 'fr')).toBe(
      DEFAULT_EMAIL_TEXTS.fr.trainingFooter,
    );
    for (const language of MAIL_LANGUAGES) {
      for (const text of Object.values(DEFAULT_EMAIL_TEXTS[language])) {
        expect(EmailSettingsUpdate.safeParse({ texts: { trainingFooter: text } }).success).toBe(true);
      }
    }
  });

  it('refuses unknown variables, scripts, handlers, control characters and long texts', () => {
    const problem = (text: string) =>
      EmailSettingsUpdate.safeParse({ texts: { trainingFooter: text } }).error?.issues[0]?.message;
    expect(problem('Hi {{name}}')).toBe(EMAIL_SETTINGS_MESSAGES.unknownVariable);
    expect(problem('<script>x</script>')).toBe(EMAIL_SETTINGS_MESSAGES.noScript);
    expect(problem('<a href="#" onclick="x()">a</a>')).toBe(EMAIL_SETTINGS_MESSAGES.noScript);
    expect(problem('[a](javascript:alert(1))')).toBe(EMAIL_SETTINGS_MESSAGES.noScript);
    expect(problem('a\u0007b')).toBe(EMAIL_SETTINGS_MESSAGES.controlCharacters);
    expect(problem('x'.repeat(2001))).toBe(EMAIL_SETTINGS_MESSAGES.tooLong);
    expect(problem('Two\nlines, *markdown* and {{company}} pass')).toBeUndefined();
  });
});
