import { extractErrorMessage } from '@vigil/shared';

/** A failed API call: the HTTP status, the payload's `error` code and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, payload: unknown) {
    super(extractErrorMessage(payload));
    this.name = 'ApiError';
    this.status = status;
    this.code =
      payload && typeof payload === 'object' && 'error' in payload && typeof payload.error === 'string'
        ? payload.error
        : undefined;
  }
}

/** 4xx answers will not change on a retry; only server and network failures are worth another try. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Spec 1 §9: the user load is not retried on these authentication answers. */
export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}
