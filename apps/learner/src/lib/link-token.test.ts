import { assessmentLearnerLink, learnerLink } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { readLinkTarget, readLinkToken } from './link-token.ts';

describe('readLinkToken', () => {
  it('reads the token of a training mail link', () => {
    const link = new URL(learnerLink('http://host/learn', 'abc-123_XYZ'));
    expect(readLinkToken(link.hash)).toBe('abc-123_XYZ');
  });

  it('decodes an encoded token', () => {
    const link = new URL(learnerLink('http://host/learn', 'a+b/c='));
    expect(readLinkToken(link.hash)).toBe('a+b/c=');
  });

  it('ignores app routes, empty fragments and other parameters', () => {
    expect(readLinkToken('')).toBeNull();
    expect(readLinkToken('#')).toBeNull();
    expect(readLinkToken('#/trainings/1/subjects/2')).toBeNull();
    expect(readLinkToken('#x=1')).toBeNull();
    expect(readLinkToken('#t=')).toBeNull();
  });

  it('accepts the fragment without its hash sign', () => {
    expect(readLinkToken('t=tok')).toBe('tok');
  });
});

describe('readLinkTarget', () => {
  it('follows the page an assessment mail names', () => {
    const link = new URL(
      assessmentLearnerLink('http://host/learn', 'tok', 'c0ffee00-0000-4000-8000-000000000009'),
    );
    expect(readLinkToken(link.hash)).toBe('tok');
    expect(readLinkTarget(link.hash)).toBe('#/assessments/c0ffee00-0000-4000-8000-000000000009');
  });

  it('accepts an encoded target, and one written with a leading slash', () => {
    expect(readLinkTarget('#t=tok&go=assessments%2Fa1')).toBe('#/assessments/a1');
    expect(readLinkTarget('#t=tok&go=/trainings/t/subjects/s')).toBe('#/trainings/t/subjects/s');
  });

  it('ignores no, unknown, public and foreign targets', () => {
    expect(readLinkTarget('#t=tok')).toBeNull();
    expect(readLinkTarget('#t=tok&go=')).toBeNull();
    expect(readLinkTarget('#t=tok&go=settings')).toBeNull();
    expect(readLinkTarget('#t=tok&go=demo/assessment/x')).toBeNull();
    expect(readLinkTarget('#t=tok&go=https://evil.example/')).toBeNull();
    expect(readLinkTarget('#/assessments/a1')).toBeNull();
  });
});
