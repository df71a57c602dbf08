import { backoffDelay, type LearnerAssessmentAnswer } from '@vigil/shared';

export type SaveStatus = 'saved' | 'saving' | 'retrying';

export interface AnswerStore {
  load(): LearnerAssessmentAnswer[];
  save(answers: readonly LearnerAssessmentAnswer[]): void;
}

export interface AnswerQueueOptions {
  send: (answer: LearnerAssessmentAnswer) => Promise<unknown>;
  /** Whether a failed send may succeed later (no connection, server trouble). */
  isRetryable: (error: unknown) => boolean;
  /** Keeps unsent answers across reloads; they are sent again when the queue is created. */
  store?: AnswerStore;
  /** An answer the server refused for good (the assessment closed, say): it is dropped. */
  onRejected?: (answer: LearnerAssessmentAnswer, error: unknown) => void;
  onChange?: (status: SaveStatus) => void;
  retryDelay?: (attempt: number) => number;
}

export interface AnswerQueue {
  /** Queues an answer; a newer answer to the same action replaces one not yet sent. */
  add(answer: LearnerAssessmentAnswer): void;
  /** Answers not yet stored by the server, oldest first. */
  unsent(): LearnerAssessmentAnswer[];
  status(): SaveStatus;
  /** Tries again at once (the connection is back). */
  retryNow(): void;
  /** Resolves once every queued answer is stored (or refused). */
  settled(): Promise<void>;
  /** Starts (or resumes) sending, beginning with answers a previous visit left unsent. */
  start(): void;
  /** Stops sending; unsent answers stay in the store for the next visit. */
  stop(): void;
}

const RETRY_BASE_MS = 1000;
const keyOf = (a: LearnerAssessmentAnswer) => `${a.questionId}\u0000${a.actionId}`;

/**
 * Sends an assessment's answers one at a time, in order, without ever losing one: an answer stays
 * queued (and stored in the browser) until the server has it, and a lost connection is retried with a
 * growing pause for as long as the page is open. Nothing is sent before `start`.
 */
export function createAnswerQueue(options: AnswerQueueOptions): AnswerQueue {
  const retryDelay = options.retryDelay ?? ((attempt: number) => backoffDelay(RETRY_BASE_MS, attempt));
  const pending = new Map<string, LearnerAssessmentAnswer>();
  for (const answer of options.store?.load() ?? []) pending.set(keyOf(answer), answer);
  let inFlight: LearnerAssessmentAnswer | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let stopped = true;
  let waiters: (() => void)[] = [];
  let lastStatus: SaveStatus | null = null;

  const status = (): SaveStatus => (pending.size === 0 ? 'saved' : attempt > 0 ? 'retrying' : 'saving');

  function changed() {
    options.store?.save([...pending.values()]);
    const now = status();
    if (now !== lastStatus) {
      lastStatus = now;
      options.onChange?.(now);
    }
    if (pending.size === 0 && !inFlight) {
      const done = waiters;
      waiters = [];
      done.forEach((resolve) => resolve());
    }
  }

  function settle(answer: LearnerAssessmentAnswer) {
    const key = keyOf(answer);
    // A newer answer to the same action, given while this one was on its way, still has to go.
    if (pending.get(key) === answer) pending.delete(key);
  }

  function pump() {
    if (stopped || inFlight || timer) return;
    const next = pending.values().next();
    if (next.done) return;
    const answer = next.value;
    inFlight = answer;
    options.send(answer).then(
      () => {
        inFlight = null;
        attempt = 0;
        settle(answer);
        changed();
        pump();
      },
      (error: unknown) => {
        inFlight = null;
        if (options.isRetryable(error)) {
          timer = setTimeout(() => {
            timer = null;
            pump();
          }, retryDelay(attempt));
          attempt += 1;
        } else {
          settle(answer);
          options.onRejected?.(answer, error);
        }
        changed();
        pump();
      },
    );
  }

  function retryNow() {
    if (timer) clearTimeout(timer);
    timer = null;
    pump();
  }

  return {
    add(answer) {
      const key = keyOf(answer);
      pending.delete(key);
      pending.set(key, answer);
      changed();
      pump();
    },
    unsent: () => [...pending.values()],
    status,
    retryNow,
    settled() {
      if (pending.size === 0 && !inFlight) return Promise.resolve();
      retryNow();
      return new Promise((resolve) => waiters.push(resolve));
    },
    start() {
      stopped = false;
      pump();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Unsent answers kept in the browser per assessment and sign-in token, so that a closed tab or a
 * reload loses nothing, and another employee signing in on the same browser never sends them.
 */
export function browserAnswerStore(assessmentId: string, token: string): AnswerStore {
  const key = `vigil.learner.unsent.${assessmentId}`;
  return {
    load() {
      try {
        const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          token?: string;
          answers?: LearnerAssessmentAnswer[];
        } | null;
        return saved?.token === token && Array.isArray(saved.answers) ? saved.answers : [];
      } catch {
        return [];
      }
    },
    save(answers) {
      try {
        if (answers.length === 0) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify({ token, answers }));
      } catch {
        // Storage refused: the answers live in memory while the page is open.
      }
    },
  };
}
