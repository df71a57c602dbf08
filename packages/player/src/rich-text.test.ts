import { describe, expect, it } from 'vitest';
import { type DomNodeLike, looksLikeHtml, safeHref, toRichNodes } from './rich-text.ts';

const text = (content: string): DomNodeLike => ({
  nodeType: 3,
  nodeName: '#text',
  textContent: content,
  childNodes: [],
});
const el = (name: string, children: DomNodeLike[], attrs: Record<string, string> = {}): DomNodeLike => ({
  nodeType: 1,
  nodeName: name,
  textContent: null,
  childNodes: children,
  getAttribute: (attr) => attrs[attr] ?? null,
});

describe('rich text', () => {
  it('keeps paragraphs, lists and emphasis', () => {
    const nodes = toRichNodes([
      el('P', [text('Pause '), el('B', [text('first')])]),
      el('UL', [el('LI', [text('One')]), el('LI', [text('Two')])]),
    ]);
    expect(nodes).toEqual([
      { tag: 'p', children: ['Pause ', { tag: 'strong', children: ['first'] }] },
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: ['One'] },
          { tag: 'li', children: ['Two'] },
        ],
      },
    ]);
  });

  it('drops scripts and unwraps unknown elements, keeping their text', () => {
    const nodes = toRichNodes([el('SCRIPT', [text('alert(1)')]), el('SPAN', [text('kept')]), el('IMG', [])]);
    expect(nodes).toEqual(['kept']);
  });

  it('keeps web and mail links only', () => {
    expect(toRichNodes([el('A', [text('site')], { href: 'https://example.com/a' })])).toEqual([
      { tag: 'a', href: 'https://example.com/a', children: ['site'] },
    ]);
    expect(toRichNodes([el('A', [text('bad')], { href: 'javascript:alert(1)' })])).toEqual(['bad']);
    expect(safeHref('mailto:it@example.com')).toBe('mailto:it@example.com');
    expect(safeHref('/relative')).toBeUndefined();
  });

  it('tells HTML from plain text', () => {
    expect(looksLikeHtml('<p>Hi</p>')).toBe(true);
    expect(looksLikeHtml('Use 2 < 3 and a > b\nnew line')).toBe(false);
  });
});
