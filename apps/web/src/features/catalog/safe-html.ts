/** The only tags further reading may use (our own pack's HTML, still never trusted as markup). */
export const FURTHER_READING_TAGS = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br'] as const;
export type SafeTag = (typeof FURTHER_READING_TAGS)[number];

/** A sanitized tree: text, or an allowed element with no attributes at all. */
export type SafeNode = string | { tag: SafeTag; children: SafeNode[] };

/** What the sanitizer reads of a parsed DOM node (a DOMParser document's nodes in the browser). */
export interface ParsedNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<ParsedNode>;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const ALLOWED: ReadonlySet<string> = new Set(FURTHER_READING_TAGS);
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

/**
 * Keeps text and the allowed tags, without attributes; other elements give way to their content,
 * and scripts, styles and the like disappear with theirs. Comments are dropped.
 */
export function sanitizeNodes(nodes: ArrayLike<ParsedNode>): SafeNode[] {
  const result: SafeNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      if (node.textContent) result.push(node.textContent);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (ALLOWED.has(tag)) {
      result.push({ tag: tag as SafeTag, children: tag === 'br' ? [] : sanitizeNodes(node.childNodes) });
    } else {
      result.push(...sanitizeNodes(node.childNodes));
    }
  }
  return result;
}
