import {
  AuthHeader,
  DEFAULT_MARKET_ID,
  ResultCode,
  SESSION_INVALID_CODES,
  TERMINAL_TYPE_WEB,
  type Language,
} from '@tp/contract';
import { acceptLanguage } from '../i18n/languages';
import { kitMessages } from '../i18n/messages';
import { DEFAULT_LOGIN_PATH, loginPathFor, stripBasename, withBasename } from '../routing/redirect';
import type { SessionStore } from '../session/store';

/** Codes the client gives failures that never produced an envelope. */
export const CLIENT_ERROR_CODE = {
  network: 'network',
  badResponse: 'bad-response',
} as const;

export const REQUEST_TIMEOUT_MS = 10_000;
export const NETWORK_NOTICE_SECONDS = 2;
export const ERROR_NOTICE_SECONDS = 3;
/** The spec's delay between showing "session invalid" and leaving for the login page. */
export const SESSION_EXPIRY_DELAY_MS = 1_000;

export interface FieldError {
  field: string;
  message: string;
}

/** A call that did not succeed; `code` is the envelope's code or one of CLIENT_ERROR_CODE. */
export class ApiError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  /** Per-field messages of a validation failure, in the user's language. */
  readonly fields: readonly FieldError[];

  constructor(code: string, message: string, httpStatus: number, fields: readonly FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.fields = fields;
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

/** An error message for the user; the client decides the text, the app decides how it looks. */
export interface Notice {
  content: string;
  durationSeconds: number;
  /** Notices with the same key replace each other instead of stacking. */
  key?: string;
}

/** Anything with zod's `parse`, so the contract's schemas check responses without web-kit importing zod. */
export interface Parser<T> {
  parse(value: unknown): T;
}

/** What a contract request schema accepts (zod's `z.input`), typed without web-kit depending on zod. */
export type RequestBody<S> = S extends { _zod: { input: infer I } } ? I : never;

export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

export interface RequestOptions {
  /** Cancels the call without an error notice (e.g. TanStack Query's signal). */
  signal?: AbortSignal;
}

export interface ApiClient {
  post<T>(path: string, body: unknown, schema: Parser<T>, options?: RequestOptions): Promise<T>;
  post(path: string, body?: unknown, schema?: undefined, options?: RequestOptions): Promise<unknown>;
  get<T>(path: string, query: Record<string, QueryValue> | undefined, schema: Parser<T>, options?: RequestOptions): Promise<T>;
  get(path: string, query?: Record<string, QueryValue>, schema?: undefined, options?: RequestOptions): Promise<unknown>;
  /** Sends one file as multipart form data (field `file`), with the same headers and error handling. */
  upload<T>(path: string, file: Blob, schema: Parser<T>, options?: RequestOptions): Promise<T>;
  /** Reads a file (an uploaded image) with the session headers; a refusal rejects without a notice. */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
}

export interface ApiClientOptions {
  session: Pick<SessionStore, 'get' | 'clear'>;
  getLanguage: () => Language;
  notify: (notice: Notice) => void;
  /** Prefix of every path, '' when the API is on the page's origin. */
  baseUrl?: string;
  /** The app's router basename: the login redirect is app-relative. */
  basename?: string;
  loginPath?: string;
  /** Goes to an app-relative path; defaults to a full page load under the basename. */
  navigate?: (to: string) => void;
  /** The app-relative path and query the user is on; defaults to the browser's address. */
  currentPath?: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface Envelope {
  code: string;
  message: string;
  value: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Envelope).code === 'string' &&
    typeof (body as Envelope).message === 'string' &&
    'value' in body
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function fieldsOf(value: unknown): FieldError[] {
  const fields = (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldError => typeof f === 'object' && f !== null && typeof f.field === 'string' && typeof f.message === 'string',
  );
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // The spec's content reads repeat array parameters (`a=1&a=2`).
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The one place that talks to the server and applies the spec's error catalogue: no response →
 * "network unstable" for 2 s; a session code on a call made with a session → the message once, then
 * after 1 s the session is cleared and the user sent to login (a visitor's call only rejects); any
 * other failure code → the server's message. Every failure also rejects with an ApiError, so forms
 * can react (field errors, captcha step).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    session,
    getLanguage,
    notify,
    baseUrl = '',
    basename = '/',
    loginPath = DEFAULT_LOGIN_PATH,
    timeoutMs = REQUEST_TIMEOUT_MS,
  } = options;
  const navigate = options.navigate ?? ((to: string) => window.location.assign(withBasename(to, basename)));
  const currentPath =
    options.currentPath ?? (() => stripBasename(window.location.pathname, basename) + window.location.search);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let expiring = false;

  const texts = () => kitMessages[getLanguage()];

  function networkFailure(): ApiError {
    notify({ content: texts().networkUnstable, durationSeconds: NETWORK_NOTICE_SECONDS, key: 'network-unstable' });
    return new ApiError(CLIENT_ERROR_CODE.network, texts().networkUnstable, 0);
  }

  // Concurrent calls failing with a session code show one message and leave once.
  function expireSession(message: string): void {
    if (expiring) return;
    expiring = true;
    notify({ content: message || texts().sessionExpired, durationSeconds: ERROR_NOTICE_SECONDS, key: 'session-invalid' });
    setTimeout(() => {
      session.clear();
      const from = currentPath();
      if (from.split('?')[0] !== loginPath) navigate(loginPathFor(from, loginPath));
      expiring = false;
    }, SESSION_EXPIRY_DELAY_MS);
  }

  function headers(hasBody: boolean | 'form'): Record<string, string> {
    const current = session.get();
    const result: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': acceptLanguage(getLanguage()),
      [AuthHeader.terminalType]: TERMINAL_TYPE_WEB,
      [AuthHeader.marketId]: current?.marketId || DEFAULT_MARKET_ID,
    };
    // A form sets its own Content-Type with the multipart boundary.
    if (hasBody === true) result['Content-Type'] = 'application/json';
    if (current?.sessionStr) {
      result[AuthHeader.sessionStr] = current.sessionStr;
      result[AuthHeader.userId] = current.userId;
      result[AuthHeader.firmId] = current.firmId;
    }
    return result;
  }

  async function request<T>(method: 'GET' | 'POST', url: string, body: unknown, schema: Parser<T> | undefined, callerSignal?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    let status: number;
    let payload: unknown;
    const isForm = body instanceof FormData;
    const sent = headers(isForm ? 'form' : body !== undefined);
    try {
      const response = await fetchImpl(`${baseUrl}${url}`, {
        method,
        headers: sent,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      payload = parseJson(await response.text());
    } catch (error) {
      // The caller gave up (unmounted, superseded): nothing to tell the user.
      if (callerSignal?.aborted) throw error;
      throw networkFailure();
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }

    // A body that is not the envelope came from something in between (a proxy's error page),
    // not from the platform: for the user that is the same as no answer.
    if (!isEnvelope(payload)) throw networkFailure();
    const { code, message, value } = payload;
    if (code === ResultCode.ok) {
      if (!schema) return value as T;
      try {
        return schema.parse(value);
      } catch {
        notify({ content: texts().badResponse, durationSeconds: ERROR_NOTICE_SECONDS });
        throw new ApiError(CLIENT_ERROR_CODE.badResponse, texts().badResponse, status);
      }
    }
    if (SESSION_INVALID_CODES.includes(code)) {
      // A visitor has no session to lose: a public page's call refused for want of one must not
      // tell them their session expired, nor send them away from what they were reading.
      if (sent[AuthHeader.sessionStr]) expireSession(message);
      throw new ApiError(code, message || texts().sessionExpired, status);
    }
    notify({ content: message, durationSeconds: ERROR_NOTICE_SECONDS });
    throw new ApiError(code, message, status, fieldsOf(value));
  }

  return {
    post: <T>(path: string, body?: unknown, schema?: Parser<T>, opts?: RequestOptions) =>
      request<T>('POST', path, body ?? {}, schema, opts?.signal),
    get: <T>(path: string, query?: Record<string, QueryValue>, schema?: Parser<T>, opts?: RequestOptions) =>
      request<T>('GET', `${path}${queryString(query)}`, undefined, schema, opts?.signal),
    blob: async (path: string, opts?: RequestOptions) => {
      const response = await fetchImpl(`${baseUrl}${path}`, { headers: headers(false), signal: opts?.signal });
      if (!response.ok) throw new ApiError(String(response.status), response.statusText, response.status);
      return response.blob();
    },
    upload: <T>(path: string, file: Blob, schema: Parser<T>, opts?: RequestOptions) => {
      const form = new FormData();
      form.append('file', file);
      return request<T>('POST', path, form, schema, opts?.signal);
    },
  } as ApiClient;
}
