import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { isUuid } from '@vigil/shared';
import { latestMails, mailById } from './outbox.queries.ts';

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f1f3f5;color:#212529}
header{background:#1b4332;color:#fff;padding:14px 24px;font-weight:700}main{max-width:960px;margin:24px auto;padding:0 16px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:8px;overflow:hidden}
td,th{padding:10px 12px;border-bottom:1px solid #e9ecef;text-align:left;font-size:14px}a{color:#2f9e44}
iframe{width:100%;height:70vh;border:1px solid #dee2e6;border-radius:8px;background:#fff}
.meta{background:#fff;padding:12px 16px;border-radius:8px;margin-bottom:12px;font-size:14px}
pre{white-space:pre-wrap;background:#fff;padding:12px;border-radius:8px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><header>Vigil · Development mailbox</header><main>${body}</main></body></html>`;
}

/**
 * The built-in outbox (no SMTP_URL): every mail the product "sent", readable in the browser at
 * /dev/mailbox and as JSON for tests. Never registered in production.
 */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const DevQuery = z.object({ to: z.string().max(100).optional() });

  r.get('/api/dev/mailbox', { schema: { hide: true, querystring: DevQuery } }, async (request) =>
    latestMails(db, { to: request.query.to, limit: 50 }),
  );

  r.get('/dev/mailbox', { schema: { hide: true, querystring: DevQuery } }, async (request, reply) => {
    const rows = await latestMails(db, { to: request.query.to, limit: 200 });
    const list = rows.length
      ? `<table><thead><tr><th>When</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows
          .map(
            (m) =>
              `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
              `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No mail yet. Request a sign-in link and it appears here.</p>';
    reply.type('text/html; charset=utf-8');
    return page('Mailbox', `<h1>Mailbox</h1>${list}`);
  });

  r.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const mail = isUuid(request.params.id) ? await mailById(db, request.params.id) : undefined;
      reply.type('text/html; charset=utf-8');
      if (!mail)
        return reply
          .status(404)
          .send(page('Not found', '<p>No such mail. <a href="/dev/mailbox">Back</a></p>'));
      return page(
        mail.subject,
        `<p><a href="/dev/mailbox">← All mail</a></p><div class="meta"><b>${escapeHtml(mail.subject)}</b><br>To: ${escapeHtml(
          mail.toAddress,
        )} · From: ${escapeHtml(mail.fromAddress)} · ${escapeHtml(mail.createdAt.toISOString())}</div>` +
          `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" title="Mail" srcdoc="${escapeHtml(`<base target="_top">${mail.html}`)}"></iframe>` +
          `<h2>Text part</h2><pre>${escapeHtml(mail.text)}</pre>`,
      );
    },
  );
}
