/**
 * The merchant's review decision (docs/api.md, "Results and statuses"): a fully paid payment held
 * in `auditing` is approved (settled at once) or rejected (failed 10095). Merchant key only.
 */
import type { FastifyInstance } from 'fastify';
import { paramError } from '../errors.js';
import { requestParams } from '../http.js';
import { ParamReader } from '../params.js';
import type { RouteHelpers } from '../routes.js';

export interface ResultRouteDeps {
  /** Records a review decision; answers the result. */
  review: (params: Record<string, string>, decision: 'approve' | 'reject', reason: string, by: string) => unknown;
  write: <T>(work: () => T) => Promise<T>;
}

export function registerReviewRoute(app: FastifyInstance, helpers: RouteHelpers, deps: ResultRouteDeps): void {
  app.post('/v1/payments/review', async (request, reply) => {
    helpers.tillOrMerchant(request);
    const params = requestParams(request);
    const p = new ParamReader(params);
    const decision = p.required('decision').toLowerCase();
    if (decision !== 'approve' && decision !== 'reject') throw paramError('decision', 'must be approve or reject');
    const reason = p.text('reason', 200) ?? '';
    const by = p.text('by', 100) ?? 'merchant';
    return helpers.ok(reply, await deps.write(() => deps.review(params, decision, reason, by)));
  });
}
