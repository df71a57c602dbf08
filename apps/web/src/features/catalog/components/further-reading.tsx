import { Typography } from '@mantine/core';
import { createElement, useMemo, type ReactNode } from 'react';
import { sanitizeNodes, type SafeNode } from '../safe-html.ts';

function render(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, i) =>
    typeof node === 'string'
      ? node
      : createElement(node.tag, { key: i }, node.children.length > 0 ? render(node.children) : undefined),
  );
}

/**
 * The subject's further reading. It is HTML from our own content pack, but it is still rebuilt from
 * the allowed tags only (p, ul, ol, li, strong, em, b, i, br), never set as markup.
 */
export function FurtherReading({ html }: { html: string }) {
  const content = useMemo(() => {
    // DOMParser makes an inert document: nothing in it runs or loads.
    const document = new DOMParser().parseFromString(html, 'text/html');
    return render(sanitizeNodes(document.body.childNodes));
  }, [html]);
  return <Typography data-testid="further-reading">{content}</Typography>;
}
