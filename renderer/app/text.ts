/** Every text the UI shows, in one catalogue so the app can be translated. */
const en = {
  loading: 'Loading…',
  mainUnreachable: 'The till cannot reach its main process. Restart Paydesk.',
  testMode: 'TEST MODE',
  testModeLong: 'Test mode: no real money moves',
} as const;

export type TextKey = keyof typeof en;

export function t(key: TextKey): string {
  return en[key];
}
