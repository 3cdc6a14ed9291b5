#!/usr/bin/env node
// Draws the app icon (the mark of renderer/public/favicon.svg: a white "P" on a teal rounded
// square) into build/icons/<n>x<n>.png for electron-builder. Generated, never committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'build', 'icons');
const TEAL = [0x0f, 0x76, 0x6e];
const SIZES = [16, 32, 48, 64, 128, 256, 512];

/** Colour of the point (x, y) in the favicon's 64x64 design space, or undefined outside the square. */
function paint(x, y) {
  const r = 14;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return undefined;
  const stem = x >= 18 && x <= 26 && y >= 18 && y <= 46;
  const bar = x >= 18 && x <= 34 && y >= 18 && y <= 38;
  const bowl = x >= 34 && (x - 34) ** 2 + (y - 28) ** 2 <= 100;
  const hole = (x - 34) ** 2 + (y - 28) ** 2 <= 16;
  return (stem || bar || bowl) && !hole ? [255, 255, 255] : TEAL;
}

function draw(size) {
  const png = new PNG({ width: size, height: size });
  const samples = 4; // 4x4 supersampling smooths the edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let red = 0,
        green = 0,
        blue = 0,
        covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = paint(((px + (sx + 0.5) / samples) / size) * 64, ((py + (sy + 0.5) / samples) / size) * 64);
          if (!colour) continue;
          red += colour[0];
          green += colour[1];
          blue += colour[2];
          covered++;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = covered ? Math.round(red / covered) : 0;
      png.data[i + 1] = covered ? Math.round(green / covered) : 0;
      png.data[i + 2] = covered ? Math.round(blue / covered) : 0;
      png.data[i + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return PNG.sync.write(png);
}

mkdirSync(outDir, { recursive: true });
for (const size of SIZES) writeFileSync(join(outDir, `${size}x${size}.png`), draw(size));
process.stderr.write(`[icons] ${SIZES.length} sizes written to build/icons\n`);
