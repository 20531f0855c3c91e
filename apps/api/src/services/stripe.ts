import { UpstreamFailed } from './errors.ts';

export interface StripeCheckout {
  id: string;
  url: string | null;
  status: string | null;
  payment_status: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
}

/** The two Stripe Checkout calls we need, over its REST API (form-encoded requests, JSON answers). */
export function createStripe(secretKey: string, apiUrl: string) {
  async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<StripeCheckout> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new UpstreamFailed('The payment provider is unreachable, please try again later');
    }
    if (!response.ok) throw new UpstreamFailed(`The payment provider refused the request (${response.status})`);
    return (await response.json()) as StripeCheckout;
  }

  return {
    createCheckout(p: {
      userId: string;
      email: string;
      planId: string;
      planName: string;
      priceUsd: number;
      successUrl: string;
      cancelUrl: string;
    }) {
      return call('POST', '/v1/checkout/sessions', {
        mode: 'subscription',
        success_url: p.successUrl,
        cancel_url: p.cancelUrl,
        client_reference_id: p.userId,
        customer_email: p.email,
        'metadata[plan_id]': p.planId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': String(p.priceUsd * 100),
        'line_items[0][price_data][recurring][interval]': 'month',
        'line_items[0][price_data][product_data][name]': `MakoOptimize ${p.planName}`,
      });
    },
    retrieveCheckout: (id: string) => call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`),
  };
}

export type Stripe = ReturnType<typeof createStripe>;
