import { randomUUID } from 'node:crypto';
import { isoAt, type AppContext } from '../context.ts';
import { randomBase62, sha256 } from '../auth/secrets.ts';
import { TooSoon } from './errors.ts';
import { magicLinkMail, verificationMail } from '../mail/templates.ts';
import { normalizeEmail } from './users.ts';

export type LinkKind = 'magic_link' | 'email_verification';

const LINK_PAGES: Record<LinkKind, string> = { magic_link: '/magic-link-login', email_verification: '/verify-email' };

/**
 * Claims the address's resend slot atomically: the upsert only overwrites a timestamp older than
 * the cooldown, so of two racing requests exactly one gets a row back.
 */
async function claimCooldown(ctx: AppContext, email: string, kind: LinkKind): Promise<void> {
  const now = ctx.now();
  const cutoff = isoAt(now - ctx.config.mailCooldownS * 1000);
  const claimed = await ctx.db
    .insertInto('mail_cooldowns')
    .values({ email, kind, last_sent_at: isoAt(now) })
    .onConflict((oc) =>
      oc
        .columns(['email', 'kind'])
        .doUpdateSet({ last_sent_at: (eb) => eb.ref('excluded.last_sent_at') })
        .where('mail_cooldowns.last_sent_at', '<=', cutoff),
    )
    .returning('last_sent_at')
    .executeTakeFirst();
  if (claimed) return;
  const row = await ctx.db
    .selectFrom('mail_cooldowns')
    .select('last_sent_at')
    .where('email', '=', email)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const sentAt = row ? Date.parse(row.last_sent_at) : now;
  const wait = (sentAt + ctx.config.mailCooldownS * 1000 - now) / 1000;
  throw new TooSoon(wait, 'A link was sent to this address a moment ago; please wait before asking again');
}

/**
 * Mails a one-time link. The same work happens whether or not the address has an account, so the
 * answer (and its timing) reveals nothing; only the link's SHA-256 is stored, and any earlier
 * unused link of the same kind for the address stops working.
 */
export async function sendLink(ctx: AppContext, kind: LinkKind, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await claimCooldown(ctx, email, kind);
  const secret = randomBase62(43);
  const now = ctx.now();
  const ttlS = kind === 'magic_link' ? ctx.config.magicLinkTtlS : ctx.config.verificationTtlS;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('one_time_tokens')
      .set({ used_at: isoAt(now) })
      .where('email', '=', email)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('one_time_tokens')
      .values({
        id: randomUUID(),
        token_hash: sha256(secret),
        kind,
        email,
        created_at: isoAt(now),
        expires_at: isoAt(now + ttlS * 1000),
        used_at: null,
      })
      .execute();
  });
  const link = `${ctx.config.publicUrl}${LINK_PAGES[kind]}?token=${encodeURIComponent(secret)}`;
  const app = ctx.config.applicationName;
  const minutes = Math.round(ttlS / 60);
  const mail =
    kind === 'magic_link' ? magicLinkMail(email, link, minutes, app) : verificationMail(email, link, minutes, app);
  ctx.tasks.run('Sending mail', () => ctx.mailer.send(mail));
}

/** Redeems a link once: the conditional update is atomic, so concurrent redemptions yield one winner. */
export async function redeemLink(ctx: AppContext, kind: LinkKind, secret: string): Promise<string | null> {
  const now = isoAt(ctx.now());
  const row = await ctx.db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(secret))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}
