/** The markup a blog post may keep; everything else gives way to its text. */
const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
  'a',
  'code',
]);
/** Elements dropped together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'title',
]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

export type BlogTag =
  'p' | 'br' | 'strong' | 'em' | 'b' | 'i' | 'ul' | 'ol' | 'li' | 'h3' | 'h4' | 'blockquote' | 'a' | 'code';

/** A post's markup as a tree React renders: text, or an allowed element (a link keeps a safe href). */
export type BlogNode = string | { tag: BlogTag; href?: string; children: BlogNode[] };

/** What the sanitizer reads of a parsed DOM node (DOMParser's nodes in the browser). */
export interface ParsedNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<ParsedNode>;
  getAttribute?: (name: string) => string | null;
}

/** Links may go to the web or to this site; javascript:, data: and the like are dropped. */
export function safeHref(value: string | null | undefined): string | undefined {
  const href = value?.trim();
  if (!href) return undefined;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^https?:\/\//i.test(href) ? href : undefined;
}

/**
 * The server already sanitizes posts; this second pass keeps the panel safe whatever the HTML holds:
 * only the allowed tags, no attributes but a link's safe href.
 */
export function sanitizeBlogNodes(nodes: ArrayLike<ParsedNode>): BlogNode[] {
  const result: BlogNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      if (node.textContent) result.push(node.textContent);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      result.push(...sanitizeBlogNodes(node.childNodes));
      continue;
    }
    const children = tag === 'br' ? [] : sanitizeBlogNodes(node.childNodes);
    if (tag === 'a') {
      const href = safeHref(node.getAttribute?.('href'));
      result.push(href ? { tag: 'a', href, children } : { tag: 'em', children });
      continue;
    }
    result.push({ tag: tag as BlogTag, children });
  }
  return result;
}

/** Parses a post's HTML in the browser (inert: DOMParser runs no scripts and loads nothing). */
export function parseBlogHtml(html: string): BlogNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeBlogNodes(doc.body.childNodes as unknown as ArrayLike<ParsedNode>);
}
