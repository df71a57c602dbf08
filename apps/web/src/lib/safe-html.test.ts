import { describe, expect, it } from 'vitest';
import { BLOG_TAGS, FURTHER_READING_TAGS, safeHref, sanitizeNodes, type ParsedNode } from './safe-html.ts';

const text = (value: string): ParsedNode => ({
  nodeType: 3,
  nodeName: '#text',
  textContent: value,
  childNodes: [],
});
const el = (name: string, ...children: ParsedNode[]): ParsedNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  textContent: children.map((c) => c.textContent).join(''),
  childNodes: children,
});
const comment = (value: string): ParsedNode => ({
  nodeType: 8,
  nodeName: '#comment',
  textContent: value,
  childNodes: [],
});

describe('sanitizeNodes', () => {
  it('keeps paragraphs, lists, emphasis and line breaks', () => {
    const tree = sanitizeNodes(
      [
        el('p', text('Report '), el('strong', text('at once')), el('br'), el('em', text('always'))),
        el('ul', el('li', text('one')), el('li', el('b', text('two')))),
        el('ol', el('li', el('i', text('three')))),
      ],
      FURTHER_READING_TAGS,
    );
    expect(tree).toEqual([
      {
        tag: 'p',
        children: [
          'Report ',
          { tag: 'strong', children: ['at once'] },
          { tag: 'br', children: [] },
          {
            tag: 'em',
            children: ['always'],
          },
        ],
      },
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: ['one'] },
          { tag: 'li', children: [{ tag: 'b', children: ['two'] }] },
        ],
      },
      { tag: 'ol', children: [{ tag: 'li', children: [{ tag: 'i', children: ['three'] }] }] },
    ]);
  });

  it('unwraps other elements to their text, links and images included', () => {
    expect(
      sanitizeNodes(
        [el('div', el('a', text('Click')), el('h1', text(' here')), el('img'))],
        FURTHER_READING_TAGS,
      ),
    ).toEqual(['Click', ' here']);
  });

  it('drops scripts, styles, frames and comments with their content', () => {
    expect(
      sanitizeNodes(
        [
          el('script', text('alert(1)')),
          el('style', text('p{}')),
          el('iframe', text('x')),
          comment('hidden'),
          el('p', text('kept')),
        ],
        FURTHER_READING_TAGS,
      ),
    ).toEqual([{ tag: 'p', children: ['kept'] }]);
  });
});

const link = (href: string, ...children: ParsedNode[]): ParsedNode => ({
  ...el('a', ...children),
  getAttribute: (key) => (key === 'href' ? href : null),
});

describe('sanitizeNodes for blog posts', () => {
  it('keeps headings, quotes and code as well, and the text of the rest', () => {
    expect(
      sanitizeNodes(
        [
          el('h3', text('News')),
          el('blockquote', el('code', text('x'))),
          el('span', el('strong', text('y'))),
        ],
        BLOG_TAGS,
      ),
    ).toEqual([
      { tag: 'h3', children: ['News'] },
      { tag: 'blockquote', children: [{ tag: 'code', children: ['x'] }] },
      { tag: 'strong', children: ['y'] },
    ]);
  });

  it('keeps a link only with a web or site address', () => {
    expect(sanitizeNodes([link('https://example.com/a', text('Read'))], BLOG_TAGS)).toEqual([
      { tag: 'a', href: 'https://example.com/a', children: ['Read'] },
    ]);
    expect(sanitizeNodes([link('javascript:alert(1)', text('Bad'))], BLOG_TAGS)).toEqual([
      { tag: 'em', children: ['Bad'] },
    ]);
    expect(sanitizeNodes([link('https://example.com/a', text('Read'))], FURTHER_READING_TAGS)).toEqual([
      'Read',
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
