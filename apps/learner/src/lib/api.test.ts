import { EVENT_CODES, LEARNER_MESSAGES } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  fetchHome,
  NETWORK_ERROR,
  setUnauthorizedHandler,
  submitAnswer,
  trackEvent,
} from './api.ts';
import { tokenStore } from './token-store.ts';

const TRAINING = 'c0ffee00-0000-4000-8000-000000000001';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('learner api', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    tokenStore.set('tok-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setUnauthorizedHandler(() => undefined);
  });

  it('sends the stored token as a bearer and posts JSON', async () => {
    fetchMock.mockResolvedValue(json(200, { correct: true, correctAnswer: 2, progress: {} }));
    const result = await submitAnswer({ trainingId: TRAINING, subjectId: 'spot', question: 1, answer: 2 });
    expect(result.correctAnswer).toBe(2);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/learner/answers');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(JSON.parse(String(init?.body))).toEqual({
      trainingId: TRAINING,
      subjectId: 'spot',
      question: 1,
      answer: 2,
    });
  });

  it('forgets the token and tells the app on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(
      json(401, { error: 'Unauthorized', description: LEARNER_MESSAGES.linkInvalid }),
    );
    await expect(fetchHome()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(tokenStore.get()).toBeNull();
  });

  it('carries the server message of an error', async () => {
    fetchMock.mockResolvedValue(
      json(404, { error: 'Not Found', description: LEARNER_MESSAGES.subjectNotDelivered }),
    );
    await expect(fetchHome()).rejects.toEqual(new ApiError(404, LEARNER_MESSAGES.subjectNotDelivered));
  });

  it('reports a lost connection as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchHome()).rejects.toMatchObject({ status: NETWORK_ERROR });
  });

  it('retries a background event after a lost connection, but not one the server refused', async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(200, {}));
    trackEvent({ trainingId: TRAINING, subjectId: 'spot', code: EVENT_CODES.VIDEO_95 });
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(400, { error: 'Bad Request' }));
    trackEvent({ trainingId: TRAINING, subjectId: 'spot', code: EVENT_CODES.VIDEO_95 });
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets a closing event outlive the page', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    trackEvent(
      { trainingId: TRAINING, subjectId: 'spot', code: EVENT_CODES.SUBJECT_CLOSE },
      { keepalive: true },
    );
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![1]?.keepalive).toBe(true);
  });
});
