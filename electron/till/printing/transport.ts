/**
 * Getting bytes to a receipt printer: a raw TCP connection (port 9100, "JetDirect") or a device file
 * the operating system gives the printer (/dev/usb/lp0). Writes only, with a time limit, so a printer
 * that is off never hangs the till.
 */
import { open } from 'node:fs/promises';
import { connect } from 'node:net';

export type PrinterTarget = { kind: 'tcp'; host: string; port: number } | { kind: 'device'; path: string };

export const DEFAULT_PRINTER_PORT = 9100;

/** Reads a target the settings schema accepted (PRINTER_TARGET); undefined for '' (no printer). */
export function parsePrinterTarget(text: string): PrinterTarget | undefined {
  if (text === '') return undefined;
  if (text.startsWith('/')) return { kind: 'device', path: text };
  const plain = text.replace(/^tcp:\/\//, '');
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(plain);
  const [host, port] = bracketed ? [bracketed[1]!, bracketed[2]] : (plain.split(':') as [string, string?]);
  return { kind: 'tcp', host, port: port ? Number(port) : DEFAULT_PRINTER_PORT };
}

export async function sendToPrinter(target: PrinterTarget, bytes: Uint8Array, timeoutMs = 5000): Promise<void> {
  if (target.kind === 'device') {
    const file = await open(target.path, 'a');
    try {
      await file.write(bytes);
    } finally {
      await file.close();
    }
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the printer at ${target.host}:${target.port} did not answer in time`));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('connect', () => socket.end(bytes));
    socket.once('close', (hadError) => {
      clearTimeout(timer);
      if (!hadError) resolve();
    });
  });
}
