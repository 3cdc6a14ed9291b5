/** Typed gateway errors; the API layer maps them to the envelope and an HTTP status. */
import { API_ERRORS, type ApiErrorName } from '../../shared/error-codes.js';

export class GatewayError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  static of(name: ApiErrorName, message: string): GatewayError {
    const { code, http } = API_ERRORS[name];
    return new GatewayError(code, http, message);
  }
}

/** A parameter error (10011, HTTP 400) whose message names the parameter. */
export function paramError(param: string, problem: string): GatewayError {
  return GatewayError.of('parameter', `${param}: ${problem}`);
}
