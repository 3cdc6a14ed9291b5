/**
 * The renderer's one step from a refusal to on-screen text (renderer/api/error-text.ts): PosCallError's
 * `message` is the refusal in the till's language once its `errors` catalogue is loaded, the English
 * `message` in English and for refusals without a key; `shape.message` stays English.
 */
import { afterAll, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/errors.json' with { type: 'json' };
import ja from '../../shared/i18n/locales/ja/errors.json' with { type: 'json' };
import { errorText } from '../../renderer/api/error-text.js';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { addLoader, setLanguage, type Catalogue } from '../../renderer/i18n/i18n.js';

const LOADED: Record<string, Catalogue> = { de, ja };
addLoader('errors', async (language) => LOADED[language]);

const notFound = {
  code: 'not_found',
  message: 'No order ord-7.',
  field: 'orderId',
  key: 'order_not_found',
  params: { orderId: 'ord-7' },
};
const notANumber = {
  code: 'invalid_args',
  message: 'amount: Invalid input: expected number, received string',
  field: 'amount',
  key: 'field_not_a_number',
  params: { field: 'amount' },
};

describe('refusals on screen', () => {
  afterAll(() => setLanguage('en'));

  it('English shows the message as the main process sent it', async () => {
    await setLanguage('en');
    expect(new PosCallError(notANumber).message).toBe(notANumber.message);
  });

  it("German and Japanese show the catalogue's text, the field by its label, the values filled", async () => {
    await setLanguage('de');
    expect(new PosCallError(notFound).message).toBe('Keine Bestellung ord-7.');
    expect(errorText(notANumber)).toBe('Betrag: muss eine Zahl sein');
    const error = new PosCallError(notANumber);
    expect(error.shape.message).toBe(notANumber.message);
    await setLanguage('ja');
    expect(errorText(notANumber)).toBe('金額：数値で入力してください');
  });

  it('English words sent as values (role, permission, status, lockout time) read in the language too', async () => {
    await setLanguage('de');
    const forbidden = {
      message: 'Cora (cashier) may not cancel a payment: ask a manager or the owner.',
      key: 'may_not',
      params: { name: 'Cora', role: 'cashier', action: 'cancel a payment', permission: 'cancel' },
    };
    expect(errorText(forbidden)).toBe(
      'Cora (Kassierer) darf das nicht (eine Zahlung stornieren): Fragen Sie eine Führungskraft oder den Inhaber.',
    );
    const locked = {
      message: "Too many wrong PINs: Cora's account is locked for 2 minutes more.",
      key: 'locked_still',
      params: { name: 'Cora', wait: '2 minutes', waitUnit: 'minutes', waitCount: 2 },
    };
    expect(errorText(locked)).toBe('Zu viele falsche PINs: Das Konto von Cora ist noch 2 Minuten gesperrt.');
    const ended = { message: 'The order is already success.', key: 'order_ended', params: { status: 'success' } };
    expect(errorText(ended)).toBe('Die Bestellung ist bereits bezahlt.');
  });

  it('a refusal without a key, or with a key the catalogue lacks, shows its English message', async () => {
    await setLanguage('de');
    expect(errorText({ message: 'Plain old words' })).toBe('Plain old words');
    expect(errorText({ message: 'From a newer till', key: 'not_yet_translated', params: {} })).toBe(
      'From a newer till',
    );
  });
});
