/**
 * Fixtures for renderer tests of the Charge screen: a "Pay with" asset as the main process lists it,
 * the demo shop's till before an owner PIN is set (payee p1), and a cashier starting a sale on Charge.
 */
import { useCashier } from '../../renderer/state/cashier.js';
import type { PaymentAssetView, TillSettings } from '../../shared/posapi.js';
import { CONFIGURED } from '../helpers/setup-api.js';

/** USDT on Ethereum, usable, wallet and chain, 0.01 to 1,000,000; `over` changes what a test needs. */
export const paymentAsset = (over: Partial<PaymentAssetView> = {}): PaymentAssetView => ({
  assetId: 'usdt',
  symbol: 'USDT',
  name: 'Tether USD (ERC-20)',
  network: 'Ethereum',
  iconUrl: '',
  onChainSupported: true,
  walletSupported: true,
  minPaymentAmount: '0.01',
  maxPaymentAmount: '1000000',
  usable: true,
  reason: '',
  ...over,
});

/** The configured till of the Setup tests, with payee p1 and no owner PIN yet. */
export const CAFE_TILL: TillSettings = {
  ...CONFIGURED,
  payee: { networkId: '7000101', payeeId: 'p1', fullName: 'Corner Café' },
  ownerPinSet: false,
};

/** A cashier on Charge with nothing typed, picked or remembered, online: what each test starts from. */
export function freshCharge(): void {
  localStorage.clear();
  useCashier.setState({
    screen: 'charge',
    amount: '',
    orderId: null,
    paymentAssetId: '',
    isChain: false,
    note: '',
    notices: [],
    pendingLeave: null,
    paymentOpen: false,
    connection: { online: true, queued: 0, lastContactAt: 0 },
  });
}
