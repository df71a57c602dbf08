/**
 * Rebuilds HTML from text and a few allowed tags, never set as markup: what the catalogue's further
 * reading and the dashboard's blog posts render. Other elements give way to their text; scripts,
 * styles, frames and the like disappear with their content; comments are dropped.
 */

/** The tags further reading may use (our own pack's HTML, still never trusted as markup). */
export const FURTHER_READING_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br'] as const;
/** The tags a blog post may keep: further reading's, headings, quotes, code and links. */
export const BLOG_TAGS = [...FURTHER_READING_TAGS, 'h3', 'h4', 'blockquote', 'code', 'a'] as const;
export type SafeTag = (typeof BLOG_TAGS)[number];

/** A sanitized tree: text, or an allowed element with no attributes but a link's safe href. */
export type SafeNode = string | { tag: SafeTag; href?: string; children: SafeNode[] };

/** What the sanitizer reads of a parsed DOM node (a DOMParser document's nodes in the browser). */
export interface ParsedNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<ParsedNode>;
  getAttribute?: (name: string) => string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
/** Elements whose content is code or hidden, dropped with everything inside them. */
const DROPPED: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'head',
  'title',
]);

/** Links may go to the web or to this site; javascript:, data: and the like are dropped. */
export function safeHref(value: string | null | undefined): string | undefined {
  const href = value?.trim();
  if (!href) return undefined;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return /^https?:\/\//i.test(href) ? href : undefined;
}

/** Keeps text and the allowed tags; a link without a safe address becomes emphasis. */
export function sanitizeNodes(nodes: ArrayLike<ParsedNode>, allowed: readonly SafeTag[]): SafeNode[] {
  const result: SafeNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      if (node.textContent) result.push(node.textContent);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = node.nodeName.toLowerCase() as SafeTag;
    if (DROPPED.has(tag)) continue;
    if (!allowed.includes(tag)) {
      result.push(...sanitizeNodes(node.childNodes, allowed));
      continue;
    }
    const children = tag === 'br' ? [] : sanitizeNodes(node.childNodes, allowed);
    if (tag === 'a') {
      const href = safeHref(node.getAttribute?.('href'));
      result.push(href ? { tag: 'a', href, children } : { tag: 'em', children });
      continue;
    }
    result.push({ tag, children });
  }
  return result;
}

/** Parses HTML in the browser (inert: DOMParser runs no scripts and loads nothing) and sanitizes it. */
export function parseSafeHtml(html: string, allowed: readonly SafeTag[]): SafeNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeNodes(doc.body.childNodes as unknown as ArrayLike<ParsedNode>, allowed);
}
