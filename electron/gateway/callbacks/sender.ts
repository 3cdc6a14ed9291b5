/**
 * One callback attempt over HTTPS. Success is only HTTP 200 with a JSON body whose `code` is
 * exactly "SUCCESS"; any other status, a 2xx without that body, non-JSON, a redirect, a TLS
 * error or no answer within the timeout is a failure. In live mode every resolved address is
 * vetted at send time and the connection goes to the vetted address (no DNS rebinding).
 */
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import tls from 'node:tls';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ATTEMPT_TIMEOUT_MS } from './schedule.js';
import { hostNotAllowed, isBlockedAddress } from './address-policy.js';
import { signBody, SIGNATURE_HEADER } from '../../platform/signature.js';

export interface AttemptOutcome {
  delivered: boolean;
  httpStatus: number;
  durationMs: number;
  error: string;
  responseExcerpt: string;
}

export interface SenderOptions {
  mode: 'sandbox' | 'live';
  /** Origins exempt from the address policy (merchant setting). */
  allowlist: () => readonly string[];
  /** PEM certificates to trust: the platform's store plus the till's own certificate. */
  trustedCa: readonly string[];
  merchantKey: () => string;
  /** Real wall-clock seconds for the signature's `t` (receivers compare it with their clocks). */
  realNowSeconds: () => number;
  timeoutMs?: number;
  /** Injectable for tests of the address policy. */
  resolve?: (host: string, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
}

const EXCERPT_BYTES = 1024;
const MAX_BODY_BYTES = 64 * 1024;

class AddressNotAllowed extends Error {
  constructor() {
    super('address not allowed');
  }
}

/** An attempt's outcome before its duration is known. */
type Attempt = Omit<AttemptOutcome, 'durationMs'>;

/** Reads a receiver's answer (at most MAX_BODY_BYTES of it) and judges it: only HTTP 200 with code "SUCCESS" delivers. */
function readAnswer(response: IncomingMessage, finish: (outcome: Attempt) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  response.on('error', (error) =>
    finish({
      delivered: false,
      httpStatus: response.statusCode ?? 0,
      error: `response error: ${error.message}`,
      responseExcerpt: '',
    }),
  );
  response.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const excerpt = Buffer.from(text).subarray(0, EXCERPT_BYTES).toString('utf8');
    const status = response.statusCode ?? 0;
    const problem = answerProblem(status, text);
    finish({ delivered: problem === '', httpStatus: status, error: problem, responseExcerpt: excerpt });
  });
}

/** Why an answer is not an acknowledgement ('' when it is one). */
function answerProblem(status: number, text: string): string {
  if (status !== 200)
    return status >= 300 && status < 400 ? `redirect (HTTP ${status}) is not followed` : `HTTP ${status}`;
  try {
    const parsed = JSON.parse(text) as unknown;
    const acknowledged =
      typeof parsed === 'object' && parsed !== null && (parsed as { code?: unknown }).code === 'SUCCESS';
    return acknowledged ? '' : 'answer lacks code "SUCCESS"';
  } catch {
    return 'answer is not JSON';
  }
}

export class CallbackSender {
  private readonly agents = new Map<string, https.Agent>();
  /**
   * Built once: parsing the whole trust store for every new TLS connection costs milliseconds
   * each and capped delivery throughput at a few hundred a second.
   */
  private secureContext: tls.SecureContext | undefined;

  constructor(private readonly options: SenderOptions) {}

  private agentFor(origin: string, vetting: boolean): https.Agent {
    let agent = this.agents.get(origin);
    if (!agent) {
      this.secureContext ??= tls.createSecureContext({ ca: [...this.options.trustedCa] });
      agent = new https.Agent({
        keepAlive: true,
        maxSockets: 8,
        secureContext: this.secureContext,
        ...(vetting ? { lookup: this.vettedLookup() } : {}),
      });
      this.agents.set(origin, agent);
    }
    return agent;
  }

  /** A dns.lookup replacement that refuses blocked addresses; used only where the policy applies. */
  private vettedLookup(): LookupFunction {
    const resolve = this.options.resolve ?? ((host, cb) => dnsLookup(host, { all: true }, cb));
    return ((
      hostname: string,
      options: { all?: boolean },
      callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      resolve(hostname, (err, addresses) => {
        if (err) return callback(err, '', 0);
        if (addresses.length === 0 || addresses.some((a) => isBlockedAddress(a.address)))
          return callback(new AddressNotAllowed() as NodeJS.ErrnoException, '', 0);
        const first = addresses[0]!;
        if (options.all) return callback(null, [first]);
        return callback(null, first.address, first.family);
      });
    }) as LookupFunction;
  }

  async send(url: string, origin: string, body: string): Promise<AttemptOutcome> {
    const started = performance.now();
    const done = (partial: Attempt): AttemptOutcome => ({
      ...partial,
      durationMs: Math.round(performance.now() - started),
    });
    const target = new URL(url);
    if (target.protocol !== 'https:')
      return done({ delivered: false, httpStatus: 0, error: 'callback URL is not HTTPS', responseExcerpt: '' });
    const policy = this.options.mode === 'live' && !this.options.allowlist().includes(origin);
    if (policy && hostNotAllowed(target.hostname)) {
      return done({ delivered: false, httpStatus: 0, error: 'address not allowed', responseExcerpt: '' });
    }
    const signature = signBody(body, this.options.merchantKey(), this.options.realNowSeconds());
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: Attempt): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(outcome));
      };
      const request = https.request(
        target,
        {
          method: 'POST',
          agent: this.agentFor(origin, policy),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            [SIGNATURE_HEADER]: signature,
            'user-agent': 'Paydesk-Callback/1',
          },
        },
        (response) => readAnswer(response, finish),
      );
      const timeoutMs = this.options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      request.on('error', (error: Error) => {
        const message =
          error instanceof AddressNotAllowed || error.message === 'address not allowed'
            ? 'address not allowed'
            : error.message;
        finish({ delivered: false, httpStatus: 0, error: message, responseExcerpt: '' });
      });
      request.end(body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
