import { readFileSync } from 'node:fs';
import {
  CATALOG_MESSAGES,
  EMPLOYEE_MESSAGES,
  ENTITLEMENT_MESSAGES,
  FIGURES,
  IMPORT_ERRORS,
  importMessages,
  MANAGER_MESSAGES,
  MESSAGES,
  PACKAGE_MESSAGES,
  PARTNER_MESSAGES,
  DELIVERY_MESSAGES,
  DIRECTORY_MESSAGES,
  SSO_MESSAGES,
  TRAINING_MESSAGES,
  TRIAL_MESSAGES,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { fixedTexts } from './translate-message.ts';

type Texts = { [key: string]: string | Texts };

const load = (language: string): Texts =>
  JSON.parse(
    readFileSync(new URL(`../../public/static/locales/${language}/common.json`, import.meta.url), 'utf8'),
  );

function flatten(texts: Texts, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const en = flatten(load('en'));
const interpolate = (text: string | undefined, values: Record<string, number>) =>
  text?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('interface texts', () => {
  it.each(['de', 'fr', 'es'])('%s has every text that English has', (language) => {
    expect(Object.keys(flatten(load(language))).sort()).toEqual(Object.keys(en).sort());
  });

  it("gives the shared messages the specification's English words", () => {
    const sections = {
      messages: MESSAGES,
      employeeMessages: EMPLOYEE_MESSAGES,
      importErrors: IMPORT_ERRORS,
      catalogMessages: CATALOG_MESSAGES,
      trainingMessages: fixedTexts(TRAINING_MESSAGES),
      deliveryMessages: DELIVERY_MESSAGES,
      managerMessages: MANAGER_MESSAGES,
      entitlementMessages: fixedTexts(ENTITLEMENT_MESSAGES),
      trialMessages: TRIAL_MESSAGES,
      'partners.messages': fixedTexts(PARTNER_MESSAGES),
      integrationMessages: fixedTexts(DIRECTORY_MESSAGES),
      ssoMessages: SSO_MESSAGES,
      packageMessages: PACKAGE_MESSAGES,
    };
    for (const [section, texts] of Object.entries(sections)) {
      for (const [key, text] of Object.entries(texts)) expect(en[`${section}.${key}`]).toBe(text);
    }
  });

  it('names each figure once, with the shared English names, and every language labels it the same', () => {
    for (const [key, figure] of Object.entries(FIGURES)) expect(en[`figures.${key}`]).toBe(figure.name);
    // The screens' own labels of these figures nest the one name instead of wording it again.
    const labels: Record<string, keyof typeof FIGURES> = {
      'dashboard.tables.quizScore': 'quizScore',
      'dashboard.tables.resilience': 'resilienceScore',
      'trainings.list.columns.completion': 'completion',
      'trainings.list.columns.quizScore': 'quizScore',
      'trainings.detail.completionRate': 'completion',
      'trainings.lessons.completed': 'completion',
      'trainings.lessons.correct': 'quizScore',
      'trainings.lists.completed': 'completion',
      'trainings.employees.columns.completion': 'completion',
      'trainings.employees.columns.quizScore': 'quizScore',
      'assessments.list.columns.completion': 'completion',
      'assessments.list.columns.score': 'resilienceScore',
      'assessmentReports.overview.completion': 'completion',
      'assessmentReports.overview.resilience': 'resilienceScore',
      'assessmentReports.lists.completion': 'completion',
      'assessmentReports.lists.score': 'resilienceScore',
      'assessmentReports.employees.score': 'resilienceScore',
    };
    for (const language of ['en', 'de', 'fr', 'es']) {
      const texts = flatten(load(language));
      for (const [key, figure] of Object.entries(labels))
        expect(texts[key], key).toBe(`$t(figures.${figure})`);
    }
  });

  it('writes the import messages exactly as importMessages does', () => {
    const key = (name: string) => en[`employees.import.messages.${name}`];
    expect(interpolate(key('added'), { count: 7 })).toBe(importMessages.added(7));
    expect(interpolate(key('updated'), { count: 7 })).toBe(importMessages.updated(7));
    expect(interpolate(key('willDelete'), { count: 7 })).toBe(importMessages.willDelete(7));
    for (const name of ['noNewUser', 'tickToRemove', 'noChanges', 'foundErrors'] as const) {
      expect(key(name)).toBe(importMessages[name]);
    }
  });

  it("writes the partner company's line as the specification does (spec 3 §2.6)", () => {
    const joined = en['partners.detail.joined']?.replace('{{date}}', '1 March 2026');
    expect(interpolate(joined, { employees: 12, trainings: 2, assessments: 1 })).toBe(
      PARTNER_MESSAGES.joinedLine('1 March 2026', 12, 2, 1),
    );
  });
});
