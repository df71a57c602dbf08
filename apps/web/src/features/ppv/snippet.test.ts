import { describe, expect, it } from 'vitest';
import { iframeSnippet, playerSrc, scriptSnippet, type EmbedChoice } from './snippet.ts';

const choice: EmbedChoice = {
  size: 'small',
  hideLogo: true,
  uid: ' u-1 ',
  lang: 'de',
  langs: ['de', 'en'],
  presetCaption: 'en',
  captionSettings: { size: 'large', background: 'dark' },
};

describe('embed snippets', () => {
  it('carries every choice in the player address', () => {
    expect(playerSrc('https://vigil.example/', 'KEY', 's1', choice)).toBe(
      'https://vigil.example/embed?key=KEY&s=s1&lang=de&langs=de%2Cen&hideLogo=1&uid=u-1&presetCaption=en&captionSettings=large.dark',
    );
    expect(playerSrc('https://v.example', 'K', 's1', { ...choice, langs: ['de'], uid: '' }, 'tok')).toContain(
      '&preview=tok',
    );
  });

  it('uses the pixel size of the spec, not its label', () => {
    const html = iframeSnippet('https://v.example/embed?key=K&s=s1', 's1', 'Phishing "basics"', 'small');
    expect(html).toContain('width="375" height="260"');
    expect(html).toContain('src="https://v.example/embed?key=K&amp;s=s1"');
    expect(html).toContain('title="Phishing &quot;basics&quot;"');
    expect(scriptSnippet('https://v.example/embed?key=K', 's1', 'x', 'big')).toContain(
      "f.width = '720'; f.height = '480'",
    );
  });

  it('lets no title close the script element', () => {
    const js = scriptSnippet('https://v.example/embed?key=K', 's1', '</script><b>', 'medium');
    expect(js.match(/<\/script>/g)).toHaveLength(1);
    expect(js).toContain('\\u003c/script>');
  });
});
