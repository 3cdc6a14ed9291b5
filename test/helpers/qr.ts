/** Reads a QR code from a screenshot of an element, the way a payer's phone would: from pixels. */
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import type { Locator } from 'playwright-core';

// jsQR is CommonJS (`module.exports = jsQR`): load it as Node does.
const jsQR = createRequire(import.meta.url)('jsqr') as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;

export async function readQrFrom(element: Locator): Promise<string> {
  const png = PNG.sync.read(await element.screenshot());
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!code) throw new Error('no QR code found in the screenshot');
  return code.data;
}

export async function v1(base: string, path: string, body?: Record<string, unknown>): Promise<any> {
  const response = await fetch(
    `${base}${path}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : undefined,
  );
  const answer = (await response.json()) as any;
  if (!answer.success) throw new Error(`${path}: ${answer.message}`);
  return answer.data;
}
