import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@mako/contract';
import type { AppContext } from '../context.ts';
import { openTestCheckout, settleTestCheckout } from '../services/checkouts.ts';
import { planById } from '../services/plans.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #cbd5e1;border-radius:8px;padding:32px;width:min(420px,90vw)}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:6px;padding:2px 8px;font-size:13px}
.price{font-size:32px;font-variant-numeric:tabular-nums;margin:8px 0 24px}
form{display:inline}button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #0e7490;cursor:pointer}
.pay{background:#0e7490;color:#fff;margin-right:8px}.cancel{background:#fff;color:#0e7490}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The local stand-in for a payment provider when Stripe is not configured: a page with Pay and
 * Cancel that returns to the web app's success or cancel page, as Stripe Checkout would. No card
 * is involved; paying only marks the checkout paid, and the signed-in user's confirm call activates it.
 */
export function registerTestCheckout(app: FastifyInstance, ctx: AppContext): void {
  const base = `${API_PREFIX}/subscription/test-checkout/:id`;
  const gone = page(
    'Checkout unavailable',
    '<h1>Checkout unavailable</h1><p>This checkout was already completed, cancelled or never existed.</p>',
  );

  app.get<{ Params: { id: string } }>(base, async (request, reply) => {
    const checkout = await openTestCheckout(ctx.db, request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!checkout) return reply.code(404).send(gone);
    const plan = planById(checkout.plan_id);
    const action = `${API_PREFIX}/subscription/test-checkout/${encodeURIComponent(checkout.id)}`;
    return page(
      `Checkout: ${plan.name}`,
      `<span class="badge">Test mode: no card is charged</span>
<h1>${escapeHtml(ctx.config.applicationName)} ${escapeHtml(plan.name)}</h1>
<p class="price">${usd.format(plan.price_usd_month ?? 0)} / month</p>
<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
    );
  });

  const settle = (outcome: 'paid' | 'canceled') =>
    async function (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const settled = await settleTestCheckout(ctx.db, ctx.now(), request.params.id, outcome);
      if (!settled) return reply.code(404).type('text/html; charset=utf-8').send(gone);
      const target =
        outcome === 'paid'
          ? `${ctx.config.publicUrl}/subscription/success?session_id=${encodeURIComponent(request.params.id)}`
          : `${ctx.config.publicUrl}/subscription/cancel`;
      return reply.redirect(target, 303);
    };
  app.post<{ Params: { id: string } }>(`${base}/pay`, settle('paid'));
  app.post<{ Params: { id: string } }>(`${base}/cancel`, settle('canceled'));
}
