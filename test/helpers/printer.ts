/**
 * A loopback virtual receipt printer for the tests: a TCP server speaking port 9100's protocol (raw bytes)
 * that keeps every job, and readers of the ESC/POS commands in them (text lines, the QR payload).
 */
import { createServer, type Server } from 'node:net';

export const ESC = 0x1b;
export const GS = 0x1d;

export interface VirtualPrinter {
  port: number;
  jobs: Buffer[];
  server: Server;
}

/** A network receipt printer that keeps every job's bytes. */
export async function virtualPrinter(): Promise<VirtualPrinter> {
  const jobs: Buffer[] = [];
  const server = createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => parts.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, jobs, server };
}

export const has = (bytes: Buffer, ...sequence: number[]) => bytes.indexOf(Buffer.from(sequence)) >= 0;

/** The QR payload of `GS ( k` function 180 (store the data): pL pH 0x31 0x50 0x30 data. */
export function qrPayload(bytes: Buffer): string | undefined {
  const at = bytes.indexOf(Buffer.from([GS, 0x28, 0x6b]));
  for (let i = at; i >= 0; i = bytes.indexOf(Buffer.from([GS, 0x28, 0x6b]), i + 1)) {
    const length = bytes[i + 3]! + bytes[i + 4]! * 256;
    if (bytes[i + 5] === 0x31 && bytes[i + 6] === 0x50) return bytes.subarray(i + 8, i + 5 + length).toString('latin1');
  }
  return undefined;
}

/**
 * The printed text lines: the bytes between line feeds, without the ESC/POS commands the encoder puts in a
 * line (initialise, code page, bold, invert, font, cut). Good enough to compare whole lines.
 */
export function textLines(bytes: Buffer): string[] {
  // eslint-disable-next-line no-control-regex -- ESC/POS commands are control characters
  const commands = /\x1b@|\x1c\.|\x1b[EMta!-][\s\S]|\x1d[B!V][\s\S]/g;
  return bytes
    .toString('latin1')
    .split(/\n\r?/)
    .map((line) => line.replace(commands, ''));
}
