import { describe, expect, it } from 'vitest';
import { outlookManifest } from './phishing-tracking.addin.ts';
import { manifestSchemaErrors } from './test/validate-manifest.ts';

const manifest = outlookManifest({
  publicUrl: 'https://vigil.example',
  key: 'k3y-of-the-company',
  productName: 'Vigil & Co <Security>',
});

describe('the Outlook add-in manifest', () => {
  it("is valid under Microsoft's add-in manifest schemas (MailApp 1.1, VersionOverrides 1.0)", async () => {
    expect(await manifestSchemaErrors(manifest)).toEqual([]);
  });

  it('is refused by the schemas when it breaks them, so the check above can fail', async () => {
    // The children of OfficeApp come in a fixed order, and a ribbon button needs its icon.
    const swapped = manifest.replace(
      /(<Version>[^<]*<\/Version>)(\s*)(<ProviderName>[^<]*<\/ProviderName>)/,
      '$3$2$1',
    );
    expect(swapped).not.toBe(manifest);
    expect((await manifestSchemaErrors(swapped)).join('\n')).toMatch(/ProviderName|Version/);
    const noIcon = manifest.replace(/<Icon>[\s\S]*?<\/Icon>/, '');
    expect(noIcon).not.toBe(manifest);
    expect(await manifestSchemaErrors(noIcon)).not.toEqual([]);
    const unknownType = manifest.replace('xsi:type="MessageReadCommandSurface"', 'xsi:type="ReadSurface"');
    expect(await manifestSchemaErrors(unknownType)).not.toEqual([]);
  });
});
