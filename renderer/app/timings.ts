/**
 * Timings the browser e2e run reads from the page: Charge pressed to QR shown on the page's own clock,
 * and when success was shown on the wall clock, to compare with when the payment was recorded outside.
 */
declare global {
  interface Window {
    __paydeskTimings?: { chargePressedAt?: number; qrShownAt?: number; successShownAt?: number };
  }
}

/** A new measurement starts at each Charge press. */
export function markChargePressed(): void {
  window.__paydeskTimings = { chargePressedAt: performance.now() };
}

/** The first QR after a Charge press ends the press-to-QR measurement. */
export function markQrShown(): void {
  if (window.__paydeskTimings && window.__paydeskTimings.qrShownAt === undefined)
    window.__paydeskTimings.qrShownAt = performance.now();
}

export function markSuccessShown(): void {
  window.__paydeskTimings = { ...window.__paydeskTimings, successShownAt: Date.now() };
}
