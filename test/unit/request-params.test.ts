/** requestParams: query and body flattened into one map, the body winning (docs/api.md, "Envelope and errors"). */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paramKind, requestParams } from '../../electron/gateway/http.js';

const request = (query: unknown, body?: unknown) => ({ query, body }) as FastifyRequest;

describe('requestParams', () => {
  it('keeps query values that the body does not give', () => {
    const params = requestParams(request({ traceId: 'a', with: 'payment' }, { orderId: 'o-123456' }));
    expect({ ...params }).toEqual({ traceId: 'a', with: 'payment', orderId: 'o-123456' });
  });

  it('lets the body win over the query for a key given twice, also with a non-text value', () => {
    const params = requestParams(
      request({ quoteAmount: '5', note: 'q', remark: 'r' }, { quoteAmount: 7, note: null, remark: 'body' }),
    );
    expect(params.quoteAmount).toBe('7');
    expect(paramKind(params, 'quoteAmount')).toBe('number');
    // A body's null is not the query's value: the key is gone, and its JSON type is kept.
    expect(Object.hasOwn(params, 'note')).toBe(false);
    expect(paramKind(params, 'note')).toBe('null');
    expect(params.remark).toBe('body');
    expect(paramKind(params, 'remark')).toBeUndefined();
  });

  it("forgets the query value's JSON type when the body gives the key as text", () => {
    const params = requestParams(request({ isChain: ['1', '0'] }, { isChain: 'true' }));
    expect(params.isChain).toBe('true');
    expect(paramKind(params, 'isChain')).toBeUndefined();
  });

  it('reads keys named like Object.prototype members as plain parameters', () => {
    const params = requestParams(request({ toString: 'x', constructor: 'y' }));
    expect(Object.hasOwn(params, 'toString')).toBe(true);
    expect(params.toString).toBe('x');
    expect(params.constructor).toBe('y');
  });
});
