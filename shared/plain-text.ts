/**
 * Text a person types that others read on screens and receipts (shop and staff names, notes, items):
 * printable, without control or format characters. A right-to-left override (U+202E) in a shop name
 * would turn "Payments go to …" around and hide who is paid.
 */
import { z } from 'zod';

export const PLAIN_TEXT = /^[^\p{Cc}\p{Cf}]*$/u;

export const plainText = (max: number) => z.string().trim().max(max).regex(PLAIN_TEXT, 'must be plain text');
