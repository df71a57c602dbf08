/**
 * The provider's blog posts, shipped with the product in content/blog/ (one Markdown file per post
 * with a YAML front matter), so the dashboard's blog panel needs no network. They are read, checked
 * and rendered to sanitized HTML once per process.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { BlogPost } from '@vigil/shared';
import { CONTENT_DIR } from '../content/content-pack.ts';

export const BLOG_DIR = path.join(CONTENT_DIR, 'blog');
const MEDIA_DIR = path.join(CONTENT_DIR, 'media');

/** A file under content/media, as the server serves it (see http/static.ts). */
const MediaUrl = z
  .string()
  .regex(/^\/media\/[a-z0-9][a-z0-9./-]*$/, 'Media must be a file under /media/.')
  .refine((url) => !url.includes('..'), 'Media must be a file under /media/.');

const FrontMatter = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Ids are lower-case words joined by hyphens.'),
  title: z.string().min(1).max(120),
  date: z.iso.date(),
  summary: z.string().min(1).max(400),
  media: z
    .object({ type: z.enum(['video', 'image']), url: MediaUrl, poster: MediaUrl.optional() })
    .nullable()
    .default(null),
});

/** What survives in a post's HTML: text formatting, lists, headings, links and our own images. */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'blockquote',
    'code',
    'hr',
    'img',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  // Images only from this server's media: the panel must work without network.
  exclusiveFilter: (frame) => frame.tag === 'img' && !MediaUrl.safeParse(frame.attribs.src ?? '').success,
};

/** Markdown to the HTML the client may insert as is. */
export function renderPostHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, POST_HTML);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

function mediaProblems(media: BlogPost['media']): string[] {
  if (!media) return [];
  return [media.url, media.poster]
    .filter((url): url is string => url !== undefined)
    .filter((url) => !existsSync(path.join(MEDIA_DIR, url.slice('/media/'.length))))
    .map((url) => `${url} does not exist in content/media.`);
}

/** One post file read and checked; a shipped file that is wrong is a build error, so it throws. */
export function parsePostFile(name: string, text: string): BlogPost {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${name}: a post starts with a front matter between --- lines.`);
  let front: unknown;
  try {
    front = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new Error(`${name}: the front matter is not YAML (${(error as Error).message}).`, { cause: error });
  }
  const parsed = FrontMatter.safeParse(front);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`${name}: ${problems.join('; ')}`);
  }
  const missing = mediaProblems(parsed.data.media);
  if (missing.length > 0) throw new Error(`${name}: ${missing.join('; ')}`);
  return BlogPost.parse({ ...parsed.data, html: renderPostHtml(match[2] ?? '') });
}

/** Every post of `dir`, newest first. */
export function loadBlogPosts(dir = BLOG_DIR): BlogPost[] {
  if (!existsSync(dir)) return [];
  const posts = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => parsePostFile(file, readFileSync(path.join(dir, file), 'utf8')));
  const ids = new Set<string>();
  for (const post of posts) {
    if (ids.has(post.id)) throw new Error(`Two blog posts have the id ${post.id}.`);
    ids.add(post.id);
  }
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

let cached: BlogPost[] | undefined;

/** The shipped posts, read on first use: they change only with a new release. */
export function blogPosts(): BlogPost[] {
  cached ??= loadBlogPosts();
  return cached;
}
