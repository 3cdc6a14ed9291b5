/**
 * The built renderer over HTTP (the headless host): its page, with a new PosApi page token each time, only at
 * / and /index.html; its assets as files. No other path gets the page: payer paths such as
 * /code/{code} never carry the token (README "Security").
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Content-Security-Policy of the till's page, in the host and in the Electron window alike. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export function registerRenderer(app: FastifyInstance, dir: string, token: () => string): void {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The renderer is not built (${indexFile} is missing); run npm run build`);
  // The token goes only into the page we serve; scripts of other origins cannot read it. Each page gets
  // its own (bridge/page-tokens.ts), so a second tab or browser starts signed out.
  const page = (): string => readFileSync(indexFile, 'utf8').replace('%PAYDESK_TOKEN%', token());
  const sendPage = (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-security-policy', CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page());
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  void app.register(fastifyStatic, {
    root: dir,
    index: false,
    wildcard: true,
    prefix: '/',
    decorateReply: false,
    allowedPath: (path) => path !== '/index.html',
  });
}
