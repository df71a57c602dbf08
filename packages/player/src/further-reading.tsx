import { createElement, useMemo, type ReactNode } from 'react';
import type { PlayerText } from './player-context.ts';
import { looksLikeHtml, toRichNodes, type RichNode } from './rich-text.ts';

function render(nodes: RichNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return <br key={i} />;
    if (node.tag === 'a') {
      return (
        <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
          {render(node.children)}
        </a>
      );
    }
    return createElement(node.tag, { key: i }, ...render(node.children));
  });
}

/** The subject's further reading: simple HTML read into safe elements, or plain text with its line breaks. */
export function FurtherReading({
  content,
  language,
  text: t,
}: {
  content: string;
  language: string;
  text: PlayerText;
}) {
  const rich = useMemo(
    () =>
      looksLikeHtml(content)
        ? render(toRichNodes(new DOMParser().parseFromString(content, 'text/html').body.childNodes))
        : null,
    [content],
  );
  return (
    <section className="card further" aria-labelledby="further-title">
      <h2 id="further-title">{t('furtherReading')}</h2>
      {rich ? (
        <div className="rich" lang={language}>
          {rich}
        </div>
      ) : (
        <p className="prose" lang={language}>
          {content}
        </p>
      )}
    </section>
  );
}
