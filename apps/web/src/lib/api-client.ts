import { CLIENT_HEADERS } from '@vigil/shared';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';
import { browserTimeZone } from './browser-time-zone.ts';
import { companyIdStore, tokenStore } from './session/session-store.ts';

const API_BASE = '/api';
const APP_VERSION = import.meta.env.VITE_APP_VERSION;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** false for calls that must not carry the session (token exchanges): no bearer, no logout on 401. */
  auth?: boolean;
  /**
   * A session token to use instead of the stored one: a report address's `?token=`, or the super-admin's
   * own while impersonating. A 401 with it does not sign the browser out.
   */
  token?: string;
  /** Lets the call finish after the page is left (a preview's closing event). */
  keepalive?: boolean;
}

let unauthorizedHandler: () => void = () => undefined;

/** What a 401 on a signed-in call does (the app signs out and goes to sign-in). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** A random UUID; crypto.randomUUID exists only on https and localhost, so plain-http installs fall back. */
function requestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The headers of spec 1 §7 that every call carries. */
function commonHeaders(token: string | null): Headers {
  const headers = new Headers({
    [CLIENT_HEADERS.requestId]: requestId(),
    [CLIENT_HEADERS.appVersion]: APP_VERSION,
    [CLIENT_HEADERS.accountDomain]: window.location.host,
    [CLIENT_HEADERS.clientLocation]: browserTimeZone(),
    Accept: 'application/json',
  });
  const companyId = companyIdStore.get();
  if (companyId) headers.set(CLIENT_HEADERS.companyId, companyId);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls the API and returns the parsed JSON body (undefined when there is none). */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const token = options.auth === false ? null : (options.token ?? tokenStore.get());
  const headers = commonHeaders(token);
  // A form (a file upload) goes as multipart with the boundary the browser sets; anything else as JSON.
  const form = options.body instanceof FormData ? options.body : null;
  if (options.body !== undefined && !form) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { error: 'network_error', description: 'The server could not be reached.' });
  }

  const payload = await readJson(response);
  if (response.ok) return payload;
  if (response.status === 401 && token && token === tokenStore.get()) unauthorizedHandler();
  throw new ApiError(response.status, payload);
}

/** Calls the API and checks the answer against its shared contract. */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: ApiRequestOptions,
): Promise<z.output<S>> {
  const payload = await apiRequest(path, options);
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  console.error(`Unexpected answer from ${path}`, parsed.error.issues);
  throw new ApiError(502, {
    error: 'unexpected_response',
    description: 'The server sent an unexpected answer.',
  });
}

/**
 * Downloads a file the API answers only to a signed-in manager (Authorization header, not a token in
 * the address): the answer is saved under the name its Content-Disposition gives, else `fallbackName`.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: commonHeaders(token) });
  } catch {
    throw new ApiError(0, { error: 'network_error', description: 'The server could not be reached.' });
  }
  if (!response.ok) {
    if (response.status === 401 && token && token === tokenStore.get()) unauthorizedHandler();
    throw new ApiError(response.status, await readJson(response));
  }
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
