/** The response envelope every /v1 answer uses, success or error (docs/api.md, "Envelope and errors"). */
export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  data: T;
  timestampMs: number;
}

export function ok<T>(data: T, timestampMs: number): Envelope<T> {
  return { code: 0, success: true, message: '', data, timestampMs };
}

/** Error envelopes carry `data: []`, as the hosted service does. */
export function failure(code: number, message: string, timestampMs: number): Envelope<never[]> {
  return { code, success: false, message, data: [], timestampMs };
}
