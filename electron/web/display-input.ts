/**
 * The customer display's one input (README, "Customer display"): `POST /display/tip` with the display
 * token answers the tip question that is open, once, within bounds. Nothing else: the display token
 * reaches no PosApi command (those need the PosApi token), and this route takes no other shape.
 * Rate limited (a payer taps; a script hammering the route is refused with 429).
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { DisplayTipAnswerSchema, type DisplayTipAnswer } from '../../shared/posapi-counter.js';
import { PosError } from '../../shared/posapi.js';

/** At most this many answers (right or wrong) per window, for all displays together. */
const LIMIT = 20;
const WINDOW_MS = 60_000;

function sameToken(given: unknown, token: string): boolean {
  if (typeof given !== 'string' || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

const refusal = (code: string, message: string, field?: string) => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});

/** A fixed window counter on the real clock (rate limits are not business time). */
function limiter(): () => boolean {
  let windowStart = 0;
  let count = 0;
  return () => {
    const now = performance.now();
    if (now - windowStart > WINDOW_MS) [windowStart, count] = [now, 0];
    count += 1;
    return count <= LIMIT;
  };
}

export function registerTipAnswer(
  app: FastifyInstance,
  feed: { answerTip(answer: DisplayTipAnswer): void },
  token: string,
): void {
  const allowed = limiter();
  app.post('/display/tip', async (request, reply) => {
    if (!allowed()) return reply.code(429).send(refusal('rate_limited', 'Too many answers: wait a minute.'));
    if (!sameToken(request.headers['x-paydesk-display-token'], token))
      return reply.code(401).send(refusal('unauthorized', 'Missing or wrong display token'));
    const parsed = DisplayTipAnswerSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'body';
      return reply.code(400).send(refusal('invalid_args', `${field}: ${issue?.message ?? 'invalid'}`, field));
    }
    try {
      feed.answerTip(parsed.data);
    } catch (error) {
      if (!(error instanceof PosError)) throw error;
      return reply.code(error.code === 'conflict' ? 409 : 400).send({ ok: false, error: error.toShape() });
    }
    return reply.send({ ok: true });
  });
}
