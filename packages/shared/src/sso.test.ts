import { describe, expect, it } from 'vitest';
import { AzureSsoSave, certificateBody, certificateFileProblem, isRelativeRelay } from './sso.ts';
import { SSO_MESSAGES } from './messages.ts';

const BODY = 'MIIC'.padEnd(400, 'A');

describe('certificate upload (spec 3 §5)', () => {
  it('refuses an empty file', () => {
    expect(certificateFileProblem({ name: 'azure.cer', size: 0 })).toBe(SSO_MESSAGES.certFileEmpty);
  });

  it("a file under 5000 bytes must have a name ending 'cer'", () => {
    expect(certificateFileProblem({ name: 'azure.cer', size: 1500 })).toBeNull();
    expect(certificateFileProblem({ name: 'AZURE.CER', size: 1500 })).toBeNull();
    expect(certificateFileProblem({ name: 'azure.pem', size: 1500 })).toBe(SSO_MESSAGES.certFileType);
    expect(certificateFileProblem({ name: 'azure.pem', size: 4999 })).toBe(SSO_MESSAGES.certFileType);
  });

  it('a file of 5000 bytes or more is read whatever its name (the spec rule; the server checks the content)', () => {
    expect(certificateFileProblem({ name: 'azure.pem', size: 5000 })).toBeNull();
  });

  it('reads PEM or bare Base64 into the Base64 body', () => {
    const pem = `-----BEGIN CERTIFICATE-----\n${BODY.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
    expect(certificateBody(pem)).toBe(BODY);
    expect(certificateBody(`  ${BODY}\n`)).toBe(BODY);
    expect(certificateBody('not a certificate')).toBeNull();
    expect(certificateBody('')).toBeNull();
  });
});

describe('Azure SSO form', () => {
  const form = {
    tenant: 'contoso.onmicrosoft.com',
    cert: BODY,
    appName: 'https://x',
    domain: 'Contoso.COM',
    enabled: '1',
  };
  it('lower-cases the domain and drops a leading @', () => {
    expect(AzureSsoSave.parse(form).domain).toBe('contoso.com');
    expect(AzureSsoSave.parse({ ...form, domain: '@contoso.com' }).domain).toBe('contoso.com');
  });
  it('requires every field', () => {
    for (const key of ['tenant', 'cert', 'appName', 'domain'] as const)
      expect(AzureSsoSave.safeParse({ ...form, [key]: '' }).success).toBe(false);
  });
});

describe('RelayState', () => {
  it('accepts a path of our app only', () => {
    expect(isRelativeRelay('/trainings')).toBe(true);
    expect(isRelativeRelay('/assessments/1?x=2')).toBe(true);
    for (const bad of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      'trainings',
    ])
      expect(isRelativeRelay(bad), bad).toBe(false);
  });
});
