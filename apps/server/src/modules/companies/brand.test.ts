import { DEFAULT_COLORS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { brandOf, productBrand, settingsOf } from './companies.service.ts';

const product = { publicUrl: 'https://app.example', supportEmail: 'support@vigil.example' };
const company = {
  id: 'c1',
  name: 'Acme Corporation',
  colorMain: null as string | null,
  logoName: null as string | null,
  settings: {} as Record<string, string>,
};

describe('brandOf', () => {
  it("gives a company without branding the product's defaults", () => {
    expect(brandOf(product, company)).toEqual({
      companyName: 'Acme Corporation',
      accountName: 'Vigil',
      primaryColor: DEFAULT_COLORS.primary,
      secondaryColor: DEFAULT_COLORS.secondary,
      logoUrl: null,
      supportEmail: 'support@vigil.example',
      helpUrl: null,
      privacyUrl: null,
      termsUrl: null,
      faviconUrl: null,
    });
  });

  it("wears the company's colours, logo and white-label names", () => {
    const brand = brandOf(product, {
      ...company,
      colorMain: '#1C7ED6',
      logoName: 'acme.png',
      settings: {
        'ui.secondary_color': '#f76707',
        'ui.account_name': 'Shield',
        'contact.support': 'help@shield.example',
        'ui.help_url': 'https://help.shield.example/',
        'ui.privacy_url': 'https://shield.example/privacy',
        'ui.terms_url': 'ftp://shield.example/terms',
        'ui.favicon': '0123456789abcdef.ico',
      },
    });
    expect(brand).toEqual({
      companyName: 'Acme Corporation',
      accountName: 'Shield',
      primaryColor: '#1c7ed6',
      secondaryColor: '#f76707',
      logoUrl: 'https://app.example/api/companies/c1/logo?v=acme.png',
      supportEmail: 'help@shield.example',
      helpUrl: 'https://help.shield.example/',
      privacyUrl: 'https://shield.example/privacy',
      // Only web links are kept.
      termsUrl: null,
      faviconUrl: 'https://app.example/api/companies/c1/favicon?v=0123456789abcdef.ico',
    });
  });

  it('falls back to the default green for a colour it cannot read', () => {
    expect(brandOf(product, { ...company, colorMain: 'green' }).primaryColor).toBe(DEFAULT_COLORS.primary);
  });

  it('keeps a logo that is already a URL', () => {
    expect(brandOf(product, { ...company, logoName: 'https://cdn.example/acme.png' }).logoUrl).toBe(
      'https://cdn.example/acme.png',
    );
  });

  it('has a product brand for mails that belong to no company', () => {
    expect(productBrand(product)).toMatchObject({
      companyName: 'Vigil',
      supportEmail: 'support@vigil.example',
    });
  });
});

describe('settingsOf', () => {
  it('reads the stored map typed, with defaults', () => {
    const settings = settingsOf({ settings: { 'ui.certificate_pass_mark': '60', 'ui.cmi5.enabled': 'yes' } });
    expect(settings.passMark).toBe(60);
    expect(settings.cmi5Enabled).toBe(false);
    expect(settings.certificatesEnabled).toBe(true);
  });
});
