import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeBlogNodes, type ParsedNode } from './blog-html.ts';

const text = (value: string): ParsedNode => ({
  nodeType: 3,
  nodeName: '#text',
  textContent: value,
  childNodes: [],
});
const el = (name: string, children: ParsedNode[], attrs: Record<string, string> = {}): ParsedNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  textContent: null,
  childNodes: children,
  getAttribute: (key) => attrs[key] ?? null,
});

describe('sanitizeBlogNodes', () => {
  it('keeps the allowed markup and the text of the rest', () => {
    expect(
      sanitizeBlogNodes([
        el('p', [text('Hello '), el('span', [el('strong', [text('world')])])]),
        el('br', []),
      ]),
    ).toEqual([
      { tag: 'p', children: ['Hello ', { tag: 'strong', children: ['world'] }] },
      { tag: 'br', children: [] },
    ]);
  });

  it('drops scripts, styles and frames with their content, and comments', () => {
    expect(
      sanitizeBlogNodes([
        el('script', [text('alert(1)')]),
        el('iframe', [text('x')]),
        { nodeType: 8, nodeName: '#comment', textContent: 'c', childNodes: [] },
        text('kept'),
      ]),
    ).toEqual(['kept']);
  });

  it('keeps a link only with a web or site address', () => {
    expect(sanitizeBlogNodes([el('a', [text('Read')], { href: 'https://example.com/a' })])).toEqual([
      { tag: 'a', href: 'https://example.com/a', children: ['Read'] },
    ]);
    expect(sanitizeBlogNodes([el('a', [text('Bad')], { href: 'javascript:alert(1)' })])).toEqual([
      { tag: 'em', children: ['Bad'] },
    ]);
  });
});

describe('safeHref', () => {
  it('admits http(s) and this site’s paths only', () => {
    expect(safeHref('/catalog/')).toBe('/catalog/');
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref(' HTTP://example.com ')).toBe('HTTP://example.com');
    expect(safeHref(null)).toBeUndefined();
  });
});
