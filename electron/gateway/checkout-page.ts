/**
 * The payer-facing path of a one-time checkout link, `{origin}/code/{code}`. It is a payer path:
 * it never serves the till's page or its PosApi token (README "Security"). Until the payer's
 * checkout page exists it says in plain words what the link is, without scripts.
 */
import type { FastifyInstance } from 'fastify';

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
const CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function page(code: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paydesk checkout</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111}code{font-size:15px}</style>
</head><body><main>
<h1>Paydesk checkout</h1>
<p>This is a one-time payment link (code <code>${code}</code>).</p>
<p>Ask the cashier to show the payment QR code, or pay with the app or wallet that gave you this link.</p>
</main></body></html>`;
}

export function registerCheckoutPage(app: FastifyInstance): void {
  app.get<{ Params: { code: string } }>('/code/:code', async (request, reply) => {
    const code = request.params.code;
    void reply
      .header('content-security-policy', PAGE_CSP)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    if (!CODE.test(code)) return reply.code(404).type('text/plain; charset=utf-8').send('No such checkout link');
    return reply.type('text/html; charset=utf-8').send(page(code.toLowerCase()));
  });
}
