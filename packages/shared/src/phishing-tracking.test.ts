import { describe, expect, it } from 'vitest';
import {
  classifyLinkRequest,
  confirmsClick,
  inRange,
  parseAddress,
  phishingTimeline,
  SCANNER_RULES,
  scannerAddress,
  scannerUserAgent,
  tokenInText,
  type LinkRequestFacts,
} from './phishing-tracking.ts';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const person = (over: Partial<LinkRequestFacts> = {}): LinkRequestFacts => ({
  method: 'GET',
  headers: { 'user-agent': SAFARI_IPHONE },
  address: '203.0.113.7',
  secondsSinceSent: 3600,
  sameLinkInWindow: 1,
  sameAddressInWindow: 1,
  ...over,
});

describe('addresses', () => {
  it('parses IPv4, IPv6 and IPv4-mapped IPv6', () => {
    expect(parseAddress('10.0.0.1')).toEqual({ bits: 0x0a000001n, width: 32 });
    expect(parseAddress('::ffff:10.0.0.1')).toEqual({ bits: 0x0a000001n, width: 32 });
    expect(parseAddress('2a01:111:f400::1')?.width).toBe(128);
    expect(parseAddress('::1')).toEqual({ bits: 1n, width: 128 });
    expect(parseAddress('300.1.1.1')).toBeNull();
    expect(parseAddress('not an address')).toBeNull();
  });

  it('matches ranges of the same family only', () => {
    expect(inRange('40.107.22.5', '40.107.0.0/16')).toBe(true);
    expect(inRange('40.108.22.5', '40.107.0.0/16')).toBe(false);
    expect(inRange('2a01:111:f400:7e00::5', '2a01:111:f400::/48')).toBe(true);
    expect(inRange('2a01:111:f401::5', '2a01:111:f400::/48')).toBe(false);
    expect(inRange('40.107.22.5', '2a01:111:f400::/48')).toBe(false);
  });

  it('names the product of a known range and takes extra ranges', () => {
    expect(scannerAddress('148.163.150.1')).toBe('proofpoint');
    expect(scannerAddress('198.51.100.9')).toBeNull();
    expect(scannerAddress('198.51.100.9', ['198.51.100.0/24'])).toBe('generic');
  });

  it('every built-in range parses', () => {
    for (const r of SCANNER_RULES.addressRanges)
      expect(parseAddress(r.cidr.split('/')[0]!), r.cidr).not.toBeNull();
  });
});

describe('user agents', () => {
  it('knows scanners and link previews, not browsers', () => {
    expect(scannerUserAgent('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)')).toBe('slack');
    expect(scannerUserAgent('Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5')).toBe('teams');
    expect(scannerUserAgent('')).toBe('generic');
    expect(scannerUserAgent(undefined)).toBe('generic');
    expect(scannerUserAgent(SAFARI_IPHONE)).toBeNull();
    expect(
      scannerUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toBeNull();
  });
});

describe('classifyLinkRequest', () => {
  it('lets a person through', () => {
    expect(classifyLinkRequest(person())).toBeNull();
  });

  it('applies the rules in order', () => {
    expect(classifyLinkRequest(person({ method: 'HEAD' }))?.reason).toBe('head');
    expect(
      classifyLinkRequest(person({ headers: { 'user-agent': SAFARI_IPHONE, purpose: 'prefetch' } }))?.reason,
    ).toBe('prefetch');
    expect(
      classifyLinkRequest(
        person({ headers: { 'user-agent': SAFARI_IPHONE, 'sec-purpose': 'prefetch;prerender' } }),
      )?.reason,
    ).toBe('prefetch');
    expect(classifyLinkRequest(person({ address: '40.107.3.3' }))).toEqual({
      reason: 'address',
      product: 'microsoft-defender',
    });
    expect(classifyLinkRequest(person({ secondsSinceSent: 4 }))?.reason).toBe('too-soon');
    expect(classifyLinkRequest(person({ sameLinkInWindow: 3 }))?.reason).toBe('burst');
    expect(classifyLinkRequest(person({ sameAddressInWindow: 5 }))?.reason).toBe('burst');
    expect(classifyLinkRequest(person({ sameAddressInWindow: 4 }))).toBeNull();
    expect(classifyLinkRequest(person({ sameLinkInWindow: 2 }))).toBeNull();
  });
});

describe('confirmsClick', () => {
  const seen = { interaction: false, visibleMs: 1200, webdriver: false };
  it('needs the script in a visible page for a plain visit', () => {
    expect(confirmsClick('no-script', seen)).toBe('script');
    expect(confirmsClick('no-script', { ...seen, visibleMs: 100 })).toBeNull();
    expect(confirmsClick('no-script', { ...seen, webdriver: true })).toBeNull();
  });
  it('needs a person input after a soft reason, and never turns a hard one', () => {
    expect(confirmsClick('too-soon', seen)).toBeNull();
    expect(confirmsClick('too-soon', { ...seen, interaction: true })).toBe('interaction');
    expect(confirmsClick('burst', { ...seen, interaction: true })).toBe('interaction');
    expect(confirmsClick('user-agent', { ...seen, interaction: true })).toBeNull();
    expect(confirmsClick('head', { ...seen, interaction: true })).toBeNull();
  });
});

describe('helpers', () => {
  it('finds our link token in a forwarded body', () => {
    const token = 'AbC_123-xyzAbC_123-xyz';
    expect(tokenInText(`see <https://vigil.example/p/${token}> now`, 'https://vigil.example')).toBe(token);
    expect(tokenInText(`https://other.example/p/${token}`, 'https://vigil.example')).toBeNull();
  });

  it('orders a timeline after its delivery', () => {
    const t = phishingTimeline('2026-01-01T10:00:00Z', [
      { kind: 'clicked', at: '2026-01-01T11:00:00Z', detail: 'script' },
      { kind: 'opened', at: '2026-01-01T10:30:00Z', detail: null },
    ]);
    expect(t.map((e) => [e.kind, e.reliable])).toEqual([
      ['delivered', true],
      ['opened', false],
      ['clicked', true],
    ]);
  });
});
