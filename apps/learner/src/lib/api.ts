import {
  backoffDelay,
  extractErrorMessage,
  LEARNER_MESSAGES,
  type InteractiveResultInput,
  type LearnerAnswerInput,
  type LearnerAnswerResult,
  type LearnerAssessment,
  type LearnerAssessmentAnswer,
  type LearnerAssessmentResult,
  type LearnerDemoAssessment,
  type LearnerEventInput,
  type LearnerHome,
  type LearnerProgress,
  type LearnerScormScoreInput,
  type LearnerSubject,
} from '@vigil/shared';
import { learnerPaths, takeEarlyResponse } from '../boot/early-requests.ts';
import { tokenStore } from './token-store.ts';

const API_BASE = '/api/learner';
/** Status of a call that never reached the server. */
export const NETWORK_ERROR = 0;

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

let unauthorizedHandler: () => void = () => undefined;

/** What a 401 does: the token is gone or expired, so the app shows the invalid-link page. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the call finish while the page is being left. */
  keepalive?: boolean;
  /** A page anyone may open: no token is sent, and a refusal signs nobody out. */
  anonymous?: boolean;
  /** A call outside /api/learner (the path is from /api). */
  root?: boolean;
}

async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers();
  const token = options.anonymous ? null : tokenStore.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  // The page's first script may have asked already (boot/first-screen.ts).
  const early =
    options.method === undefined && !options.anonymous && !options.root && takeEarlyResponse(path);
  let response: Response;
  try {
    response = early
      ? await early
      : await fetch(`${options.root ? '/api' : API_BASE}${path}`, {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
          keepalive: options.keepalive,
        });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, 'network');
  }
  if (response.status === 401 && !options.anonymous) {
    tokenStore.clear();
    unauthorizedHandler();
    throw new ApiError(401, LEARNER_MESSAGES.linkInvalid);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, extractErrorMessage(payload));
  }
  return response;
}

const json = <T>(response: Response) => response.json() as Promise<T>;
const id = encodeURIComponent;

export const fetchHome = (signal?: AbortSignal) =>
  call(learnerPaths.home, { signal }).then(json<LearnerHome>);

export const fetchSubject = (trainingId: string, subjectId: string, signal?: AbortSignal) =>
  call(learnerPaths.subject(trainingId, subjectId), { signal }).then(json<LearnerSubject>);

export const submitAnswer = (input: LearnerAnswerInput) =>
  call('/answers', { method: 'POST', body: input }).then(json<LearnerAnswerResult>);

export const fetchCertificate = (trainingId: string) =>
  call(`/trainings/${id(trainingId)}/certificate`).then((response) => response.blob());

/** Records an event and answers the progress it leads to. */
export const sendEvent = (input: LearnerEventInput, options: { keepalive?: boolean } = {}) =>
  call('/events', { method: 'POST', body: input, keepalive: options.keepalive }).then(json<LearnerProgress>);

export const fetchAssessment = (assessmentId: string, signal?: AbortSignal) =>
  call(`/assessments/${id(assessmentId)}`, { signal }).then(json<LearnerAssessment>);

/** Stores one answer; answers how many questions are now answered. */
export const postAssessmentAnswer = (assessmentId: string, answer: LearnerAssessmentAnswer) =>
  call(`/assessments/${id(assessmentId)}/answers`, { method: 'POST', body: answer }).then(
    json<{ answered: number; total: number }>,
  );

export const finishAssessment = (assessmentId: string) =>
  call(`/assessments/${id(assessmentId)}/finish`, { method: 'POST' }).then(json<LearnerAssessmentResult>);

export const fetchAssessmentResult = (assessmentId: string, signal?: AbortSignal) =>
  call(`/assessments/${id(assessmentId)}/result`, { signal }).then(json<LearnerAssessmentResult>);

/** Asks for a personal link by mail (the manual schedule's shared link); the answer is the same for anyone. */
export const requestAssessmentAccess = (assessmentId: string, email: string, companyId: string) =>
  call(`/assessments/${id(assessmentId)}/access`, {
    method: 'POST',
    body: { email, companyId },
    anonymous: true,
  }).then(json<{ message: string }>);

/**
 * Where to sign in with the company's identity provider: by the email's domain, or by the company of a
 * shared link (then back to `redirect`, a page of this app).
 */
export const startSingleSignOn = (input: { email?: string; companyId?: string; redirect?: string }) =>
  call('/auth/sso/start', {
    method: 'POST',
    body: { audience: 'employee', ...input },
    anonymous: true,
    root: true,
  }).then(json<{ redirect: string }>);

export const fetchDemoAssessment = (companyUid: string, signal?: AbortSignal) =>
  call(`/demo/assessment/${id(companyUid)}`, { signal, anonymous: true }).then(json<LearnerDemoAssessment>);

export const fetchDemoTraining = (companyUid: string, signal?: AbortSignal) =>
  call(`/demo/training/${id(companyUid)}`, { signal, anonymous: true }).then(json<LearnerSubject>);

/** Whether trying again later may succeed: no connection, or trouble on the server's side. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === NETWORK_ERROR || error.status === 429 || error.status >= 500);

const EVENT_ATTEMPTS = 3;
const EVENT_RETRY_BASE_MS = 1000;

/**
 * Records an event in the background. A lost connection or a server hiccup is retried a few times,
 * since a lost video mark would keep the employee from finishing; a refused event is dropped.
 */
export function trackEvent(input: LearnerEventInput, options: { keepalive?: boolean } = {}): void {
  retried(() => sendEvent(input, options));
}

/** Records the result of a scene of an interactive subject in the background, retried as an event is. */
export function trackInteractive(input: InteractiveResultInput): void {
  retried(() => call('/interactive', { method: 'POST', body: input }));
}

/** Records a SCORM subject's own score in the background, retried as an event is. */
export function trackScormScore(input: LearnerScormScoreInput): void {
  retried(() => call('/scorm-score', { method: 'POST', body: input }));
}

function retried(send: () => Promise<unknown>): void {
  const attempt = (n: number) => {
    send().catch((error: unknown) => {
      if (isRetryable(error) && n + 1 < EVENT_ATTEMPTS)
        setTimeout(() => attempt(n + 1), backoffDelay(EVENT_RETRY_BASE_MS, n));
    });
  };
  attempt(0);
}
