/**
 * Further reading arrives as simple HTML. It is never put into the page as HTML: the parsed tree is
 * read into these plain nodes, keeping only a few text elements and safe links, and React renders them.
 */
export type RichTag =
  'p' | 'br' | 'ul' | 'ol' | 'li' | 'strong' | 'em' | 'h3' | 'h4' | 'blockquote' | 'code' | 'a';
export type RichNode = string | { tag: RichTag; href?: string; children: RichNode[] };

/** The part of a DOM node this needs, so the reading can be tested without a browser. */
export interface DomNodeLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNodeLike>;
  getAttribute?: (name: string) => string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const TAGS: Record<string, RichTag> = {
  P: 'p',
  DIV: 'p',
  BR: 'br',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  H1: 'h3',
  H2: 'h3',
  H3: 'h3',
  H4: 'h4',
  H5: 'h4',
  H6: 'h4',
  BLOCKQUOTE: 'blockquote',
  CODE: 'code',
  A: 'a',
};
/** Elements whose content is not text to read. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'NOSCRIPT', 'SVG', 'MATH']);

/** Only links that leave to a web page or a mail program. */
export function safeHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(text);
}

export function toRichNodes(nodes: ArrayLike<DomNodeLike>): RichNode[] {
  const out: RichNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      if (node.textContent) out.push(node.textContent);
      continue;
    }
    const name = node.nodeName.toUpperCase();
    if (node.nodeType !== ELEMENT_NODE || DROPPED.has(name)) continue;
    const tag = TAGS[name];
    const children = toRichNodes(node.childNodes);
    if (!tag || (tag === 'a' && !safeHref(node.getAttribute?.('href')))) {
      out.push(...children);
    } else if (tag === 'a') {
      out.push({ tag, href: safeHref(node.getAttribute?.('href')), children });
    } else {
      out.push({ tag, children });
    }
  }
  return out;
}
