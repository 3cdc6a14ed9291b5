/**
 * The PosApi's printing commands (README "Thermal printers"): the receipt printer's address (an
 * ESC/POS printer on the network, port 9100, or a device file), a test page, and printing a paid
 * order's receipt with the QR of its receipt page; `openDrawer` kicks the cash drawer after a cash
 * sale. Spread into the contract in posapi.ts; permissions in electron/till/staff/permissions.ts.
 */
import { z } from 'zod';

/** `host`, `host:port` or `tcp://host:port` (port 9100 when absent), or an absolute device path; '' for none. */
export const PRINTER_TARGET =
  /^$|^(tcp:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$|^\/(?!.*\/\.\.?(\/|$))[\w./-]+$/;

export const PrinterSettingsSchema = z
  .object({
    target: z
      .string()
      .trim()
      .max(200)
      .regex(PRINTER_TARGET, 'must be host, host:port, tcp://host:port or a device path such as /dev/usb/lp0'),
    /** Characters per line: 42 on 80 mm paper, 32 on 58 mm. */
    columns: z.number().int().min(24).max(64),
    /** After a cash sale, open the drawer (the cash tender calls receipt.print with openDrawer). */
    drawerAfterCash: z.boolean(),
  })
  .strict();
export type PrinterSettings = z.infer<typeof PrinterSettingsSchema>;

export const printingArgSchemas = {
  'printer.get': z.object({}).strict(),
  'printer.save': PrinterSettingsSchema,
  'printer.test': z.object({}).strict(),
  /**
   * A paid order's receipt (a cart sale's full receipt when the order is its crypto part), or a paid cart
   * sale's by `saleId` (cash and card sales have no order). `openDrawer` kicks the drawer only when the
   * shop turned on `drawerAfterCash` and the receipt is of a sale that took cash.
   */
  'receipt.print': z
    .object({
      orderId: z.string().trim().min(6).max(36).optional(),
      saleId: z.string().trim().min(4).max(40).optional(),
      openDrawer: z.boolean().optional(),
    })
    .strict()
    .refine((a) => (a.orderId === undefined) !== (a.saleId === undefined), 'give an orderId or a saleId'),
  /** A refund's slip on the thermal printer; its payout QR while it is still to be sent. */
  'refundSlip.print': z
    .object({ orderId: z.string().trim().min(6).max(36), refundId: z.string().trim().min(1).max(80) })
    .strict(),
  /** A closed shift's Z report on the thermal printer. */
  'zReport.print': z.object({ number: z.number().int().min(1) }).strict(),
} as const;

export interface PrintingResults {
  'printer.get': PrinterSettings;
  'printer.save': PrinterSettings;
  'printer.test': { printed: true };
  'receipt.print': { printed: true; bytes: number; drawer: boolean };
  'refundSlip.print': { printed: true; bytes: number };
  'zReport.print': { printed: true; bytes: number };
}
