import { DASHBOARD_LIMITS, type BlogPage } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { MediaSigner } from '../../lib/signed-media.ts';
import { companyById } from '../companies/companies.service.ts';
import { blogPosts } from './blog-posts.ts';

/**
 * One page of the provider's blog (spec 1 §2: shown only for the provider's own company). Other
 * companies get 404: for them the blog does not exist.
 */
export async function blogPage(
  db: Db,
  tenant: TenantContext,
  page: number,
  signer: MediaSigner,
): Promise<BlogPage> {
  const record = await companyById(db, tenant.companyId);
  if (!record?.company.isProvider) throw NotFound('The blog is shown only to the provider’s company.');
  const posts = blogPosts();
  const size = DASHBOARD_LIMITS.blogPerPage;
  return {
    // A post's video is a content video: a signed URL as everywhere (lib/signed-media.ts).
    posts: posts
      .slice((page - 1) * size, page * size)
      .map((p) => (p.media ? { ...p, media: { ...p.media, url: signer.sign(p.media.url) } } : p)),
    page,
    pages: Math.max(1, Math.ceil(posts.length / size)),
    total: posts.length,
  };
}
