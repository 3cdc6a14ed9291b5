/** Printer addresses: what Setup accepts (shared schema) and how the till reads it (transport). */
import { describe, expect, it } from 'vitest';
import { PrinterSettingsSchema } from '../../shared/posapi-printing.js';
import { parsePrinterTarget } from '../../electron/till/printing/transport.js';

const accepts = (target: string) =>
  PrinterSettingsSchema.safeParse({ target, columns: 42, drawerAfterCash: false }).success;

describe('printer targets', () => {
  it('reads host, host:port, tcp:// and bracketed IPv6 as TCP (9100 by default), and absolute paths as devices', () => {
    expect(parsePrinterTarget('')).toBeUndefined();
    expect(parsePrinterTarget('192.168.1.50')).toEqual({ kind: 'tcp', host: '192.168.1.50', port: 9100 });
    expect(parsePrinterTarget('printer.local:9101')).toEqual({ kind: 'tcp', host: 'printer.local', port: 9101 });
    expect(parsePrinterTarget('tcp://10.0.0.7:9100')).toEqual({ kind: 'tcp', host: '10.0.0.7', port: 9100 });
    expect(parsePrinterTarget('[fe80::1]:9100')).toEqual({ kind: 'tcp', host: 'fe80::1', port: 9100 });
    expect(parsePrinterTarget('/dev/usb/lp0')).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
  });

  it('Setup accepts those and refuses URLs of other schemes, spaces, relative or climbing paths', () => {
    for (const ok of [
      '',
      '192.168.1.50',
      'printer.local:9101',
      'tcp://10.0.0.7:9100',
      '[fe80::1]:9100',
      '/dev/usb/lp0',
    ])
      expect(accepts(ok), ok).toBe(true);
    for (const bad of [
      'http://printer/',
      'printer local',
      'dev/usb/lp0',
      '/dev/../etc/passwd',
      '/dev/usb/..',
      'host:port',
    ])
      expect(accepts(bad), bad).toBe(false);
  });
});
