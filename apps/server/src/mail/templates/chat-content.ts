/**
 * A delivery as a chat channel shows it (Slack blocks, a Teams Adaptive Card): the mail's own words, the
 * company's texts in their markdown twins (Email settings, `ui.email.mrkdwn_…`), and the button to the
 * learner app. Values and plain texts are escaped for Slack's mrkdwn (&, <, >), so a name cannot make a
 * link or a mention.
 */
import {
  fillEmailVariables,
  type CompanySettings,
  type EmailText,
  type EmailVariableValues,
  type MailLanguage,
} from '@vigil/shared';
import { companyMailText } from './company-texts.ts';

export interface ChatContent {
  heading: string;
  /** Plain lines: the greeting and the lead. */
  paragraphs: string[];
  /** The company's header (and a program's intro) and footer, as markdown. */
  header: string | null;
  footer: string | null;
  itemsTitle: string | null;
  items: string[];
  button: { label: string; url: string };
  /** The first message of a program or assessment (Slack's welcome line goes on it when turned on). */
  opening: boolean;
}

/** Slack's three control characters, as its mrkdwn wants them escaped. */
export const escapeMrkdwn = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A company text for chat: its markdown twin when the company wrote one, else the mail text (its own or
 * the default) as plain text; variables filled. Null when it says nothing.
 */
export function companyChatText(
  settings: Pick<CompanySettings, 'email' | 'emailMarkdown'>,
  text: EmailText,
  language: MailLanguage,
  values: EmailVariableValues,
): string | null {
  const own = settings.emailMarkdown[text];
  if (own.trim() !== '') return fillEmailVariables(own.trim(), values, escapeMrkdwn);
  const plain = companyMailText(settings, text, language, values)?.text;
  return plain ? escapeMrkdwn(plain) : null;
}

/** The markdown parts joined, or null when none says anything. */
export const joinChatTexts = (...parts: (string | null | undefined)[]): string | null => {
  const present = parts.filter((p): p is string => Boolean(p && p.trim()));
  return present.length > 0 ? present.join('\n\n') : null;
};
