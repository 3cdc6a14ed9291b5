/**
 * The payer's pages from the built renderer: the checkout page of a one-time code at /code/{code}
 * with its files under /code/assets/, nothing else of the renderer. Which files a page needs comes
 * from vite's manifest, so the payer listener can serve exactly these (README "Payer listener").
 * These pages carry no token: they read only the public /v1 API.
 */
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { z } from 'zod';

export const PAYER_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

const CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSET_NAME = /^[A-Za-z0-9_.-]+\.(js|css|svg|png|woff2)$/;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    /** Lazy chunks, e.g. the catalogues of other languages (README "Languages"). */
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
    assets: z.array(z.string()).optional(),
  }),
);

/** The files (`assets/...`) one entry page of the build needs: its script, its imports, their CSS. */
export function pageFiles(dir: string, entry: string): Set<string> {
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')));
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) files.add(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  visit(entry);
  if (files.size === 0) throw new Error(`The build has no page ${entry}; run npm run build`);
  return files;
}

/** A built page of the renderer with its own file set, served under `prefix`. */
export interface BuiltPage {
  html: string;
  files: Set<string>;
}

export function loadPage(dir: string, entry: string): BuiltPage | undefined {
  if (!existsSync(join(dir, entry)) || !existsSync(join(dir, '.vite', 'manifest.json'))) return undefined;
  return { html: readFileSync(join(dir, entry), 'utf8'), files: pageFiles(dir, entry) };
}

/** GET `${prefix}/assets/:file` for the page's own files only. */
export function registerPageAssets(app: FastifyInstance, dir: string, prefix: string, page: BuiltPage): void {
  app.get<{ Params: { file: string } }>(`${prefix}/assets/:file`, async (request, reply) => {
    const name = request.params.file;
    const path = `assets/${name}`;
    if (!ASSET_NAME.test(name) || !page.files.has(path))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .type(TYPES[extname(name)] ?? 'application/octet-stream')
      .send(readFileSync(join(dir, path)));
  });
}

/** The payer's checkout page (/code/{code}); answers false when the build has none (the plain page stays). */
export function registerCheckoutApp(app: FastifyInstance, dir: string, language?: () => string): boolean {
  const page = loadPage(dir, 'pay.html');
  if (!page) return false;
  app.get<{ Params: { code: string } }>('/code/:code', async (request, reply) => {
    void reply
      .header('content-security-policy', PAYER_PAGE_CSP)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    if (!CODE.test(request.params.code))
      return reply.code(404).type('text/plain; charset=utf-8').send('No such checkout link');
    return reply.type('text/html; charset=utf-8').send(withShopLanguage(page.html, language));
  });
  registerPageAssets(app, dir, '/code', page);
  return true;
}

/** The shop's language in the page (meta paydesk-shop-language): the payer's default when the browser asks none of ours. */
export function withShopLanguage(html: string, language: (() => string) | undefined): string {
  return html.replace('%PAYDESK_SHOP_LANGUAGE%', language?.() ?? '');
}
