import { describe, expect, it } from 'vitest';
import { sanitizeNodes, type ParsedNode } from './safe-html.ts';

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
    const tree = sanitizeNodes([
      el('p', text('Report '), el('strong', text('at once')), el('br'), el('em', text('always'))),
      el('ul', el('li', text('one')), el('li', el('b', text('two')))),
      el('ol', el('li', el('i', text('three')))),
    ]);
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
    expect(sanitizeNodes([el('div', el('a', text('Click')), el('h1', text(' here')), el('img'))])).toEqual([
      'Click',
      ' here',
    ]);
  });

  it('drops scripts, styles, frames and comments with their content', () => {
    expect(
      sanitizeNodes([
        el('script', text('alert(1)')),
        el('style', text('p{}')),
        el('iframe', text('x')),
        comment('hidden'),
        el('p', text('kept')),
      ]),
    ).toEqual([{ tag: 'p', children: ['kept'] }]);
  });
});
