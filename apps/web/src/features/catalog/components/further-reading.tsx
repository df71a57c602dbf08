import { Typography } from '@mantine/core';
import { createElement, useMemo, type ReactNode } from 'react';
import { FURTHER_READING_TAGS, parseSafeHtml, type SafeNode } from '../../../lib/safe-html.ts';

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
  const content = useMemo(() => render(parseSafeHtml(html, FURTHER_READING_TAGS)), [html]);
  return <Typography data-testid="further-reading">{content}</Typography>;
}
