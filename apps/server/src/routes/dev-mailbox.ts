import { BRAND } from '@amora/shared/brand';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isLoopbackAddress, isLoopbackHost } from '../lib/loopback.js';
import { escapeHtml, plainPage } from '../lib/plain-page.js';
import { cameThroughProxy } from '../lib/proxy-headers.js';

import {
  findMail,
  listRecentMails,
  type OutboxJob,
} from '../modules/mail/mail-outbox.repository.js';

const MAILS_SHOWN = 50;

/**
 * Read on this machine, directly: a loopback peer, a loopback `Host`, and no header a proxy
 * adds. Behind a proxy on the same machine every visitor's peer address is loopback, so the
 * peer alone would let anyone on the internet read activation and reset links.
 */
function readLocally(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress ?? '') &&
    isLoopbackAddress(request.ip) &&
    !cameThroughProxy(request.headers) &&
    isLoopbackHost(request.headers.host ?? '')
  );
}

/** Escaped text with its web addresses made clickable (the activation link, above all). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);

function mailItem(mail: OutboxJob): string {
  const to = typeof mail.payload.to === 'string' ? mail.payload.to : '';
  const template = typeof mail.payload.template === 'string' ? mail.payload.template : 'mail';
  const subject = mail.rendered?.subject ?? `(${template}, not rendered yet)`;
  const time = mail.created_at.toISOString();
  const error = mail.last_error
    ? `<p class="error">Last error (try ${mail.attempts}): ${escapeHtml(mail.last_error)}</p>`
    : '';
  const body = mail.rendered
    ? `<pre>${linkify(mail.rendered.text)}</pre>
<p><a href="/_dev/mailbox/${mail.id}">View the HTML part</a></p>`
    : '';
  return `<li class="mail" id="mail-${mail.id}">
<article aria-labelledby="mail-${mail.id}-subject">
<h2 id="mail-${mail.id}-subject">${escapeHtml(subject)}</h2>
<dl>
<dt>To</dt><dd class="to">${escapeHtml(to)}</dd>
<dt>Time</dt><dd><time datetime="${time}">${time}</time></dd>
<dt>Status</dt><dd class="status">${escapeHtml(mail.status)}</dd>
</dl>
${error}${body}
</article>
</li>`;
}

function mailboxPage(mails: OutboxJob[]): string {
  const list = mails.length ? `<ol>${mails.map(mailItem).join('\n')}</ol>` : '<p>No mail yet.</p>';
  return plainPage({
    lang: 'en',
    title: 'Development mailbox',
    style: `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#212529}
h1{color:${BRAND.color}}
ol{list-style:none;padding:0}
.mail{border:1px solid #dee2e6;border-radius:.5rem;margin:0 0 1rem;padding:0 1rem}
h2{font-size:1.15rem;margin:.75rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:0}
dt{font-weight:bold}
dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f8f9fa;padding:.75rem;border-radius:.25rem}
.error{color:#b02a37}
a{color:${BRAND.dark}}`,
    body: `<h1>Development mailbox</h1>
<p>Mail is not sent (SMTP_URL is not set): the newest ${MAILS_SHOWN} mails are shown here instead.</p>
${list}`,
  });
}

/**
 * `/_dev/mailbox`: the development outbox, registered only when SMTP_URL is not set (with
 * it, these paths are unknown and answer 404). Not part of the API, so not in OpenAPI.
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.smtpUrl) return;

  // Activation links are in there: only someone on this machine may read them.
  app.addHook('onRequest', async (request, reply) => {
    if (!readLocally(request)) return reply.callNotFound();
  });

  app.get('/_dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listRecentMails(app.db, MAILS_SHOWN);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(mailboxPage(mails));
  });

  app.get<{ Params: { id: string } }>(
    '/_dev/mailbox/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : null;
      const mail = id === null ? undefined : await findMail(app.db, id);
      if (!mail?.rendered) return reply.callNotFound();
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          // The mail's own HTML, shown as a mail client would: no scripts, no forms.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; sandbox allow-popups allow-top-navigation-by-user-activation",
          )
          .send(mail.rendered.html)
      );
    },
  );
};
