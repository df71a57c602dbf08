import { PhishingCustomTemplateSave } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TEMPLATE,
  missingFlagElements,
  previewMail,
  templateProblems,
} from './template-editor-rules.ts';

const valid = { ...EMPTY_TEMPLATE, name: 'Password expiry', landingPageId: 'generic-sign-in' };

describe('custom template editor', () => {
  it('starts from an example the contract accepts once named and given a landing page', () => {
    expect(PhishingCustomTemplateSave.safeParse(valid).success).toBe(true);
    expect(templateProblems(valid)).toEqual({});
    expect(Object.keys(templateProblems(EMPTY_TEMPLATE))).toEqual(
      expect.arrayContaining(['name', 'landingPageId']),
    );
  });

  it("finds red flags whose element is not in the HTML, but not the sender's or subject's", () => {
    expect(missingFlagElements(valid)).toEqual([]);
    const html = valid.html.replace(' data-flag="link"', '');
    const flags = [
      ...valid.redFlags,
      { id: 'from', title: 'x', explanation: 'y', location: 'sender' as const },
    ];
    expect(missingFlagElements({ html, redFlags: flags })).toEqual(['link']);
  });

  it('previews with sample values escaped, and shows the flags only when asked', () => {
    const plain = previewMail(
      { ...valid, html: '<p>{{employee.firstName}} <b data-flag="x">!</b></p>' },
      false,
    );
    expect(plain.doc).toContain('<p>Alex <b>!</b></p>');
    expect(plain.fromAddress).toBe('it-support@example.net');
    const flagged = previewMail({ ...valid, html: '<b data-flag="x">!</b>' }, true);
    expect(flagged.doc).toContain('data-flag="x"');
    expect(flagged.doc).toContain('outline:2px dashed');
  });
});
