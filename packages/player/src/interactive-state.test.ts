import { describe, expect, it } from 'vitest';
import { ContentSubject, EVENT_CODES, interactiveElements, localizeInteractive } from '@vigil/shared';
import {
  allFound,
  decide,
  proceed,
  startInteractive,
  summarize,
  tap,
  toDecision,
  type InteractiveState,
} from './interactive-state.ts';
import invoiceInbox from '../../../content/subjects/interactive-invoice-inbox.json';

const authored = ContentSubject.parse(invoiceInbox).interactive!;
const body = localizeInteractive(authored, 'de');
const email = body.scenes[0]!;

describe('an interactive subject as the player plays it', () => {
  it('takes the texts in the learner language, English where one is missing', () => {
    expect(email.flags[0]!.label).toBe('Nachgeahmte Absenderdomain');
    expect(localizeInteractive(authored, 'pt').scenes[0]!.flags[0]!.label).toBe('Look-alike sender domain');
  });

  it('finds a flag once, and gives the hints in turn after wrong taps, the last one repeating', () => {
    let state = startInteractive(body);
    const first = tap(body, state, 'sender-address');
    expect(first.result).toMatchObject({ kind: 'found', flag: { id: 'lookalike-sender' } });
    state = first.state;
    expect(tap(body, state, 'sender-address').result.kind).toBe('again');
    const hints = email.hints;
    const misses: string[] = [];
    for (let i = 0; i < hints.length + 1; i++) {
      const missed = tap(body, state, 'date');
      state = missed.state;
      if (missed.result.kind === 'miss') misses.push(missed.result.hint);
    }
    expect(misses).toEqual([...hints, hints.at(-1)]);
    expect(state.found[0]).toEqual(['lookalike-sender']);
  });

  it('reports a decision per scene and the last decision on the last scene, then summarises', () => {
    let state: InteractiveState = startInteractive(body);
    for (const f of email.flags) state = tap(body, state, f.element).state;
    expect(allFound(body, state)).toBe(true);
    expect(decide(body, state, 'report')).toBeNull(); // not before the decision is shown
    state = toDecision(state);
    const first = decide(body, state, 'report')!;
    expect(first.codes).toEqual([EVENT_CODES.DECISION]);
    expect(first.correct).toBe(true);
    expect(decide(body, first.state, 'click')).toBeNull(); // one choice per scene
    state = proceed(body, first.state);
    expect(state).toMatchObject({ scene: 1, phase: 'find' });
    state = tap(body, state, 'address').state;
    const last = decide(body, toDecision(state), 'padlock-ok')!;
    expect(last.codes).toEqual([EVENT_CODES.DECISION, EVENT_CODES.LAST_DECISION]);
    state = proceed(body, last.state);
    expect(state.phase).toBe('summary');
    const summary = summarize(body, state);
    expect(summary.found.map((f) => f.id)).toEqual([...email.flags.map((f) => f.id), 'foreign-domain']);
    expect(summary.missed.map((f) => f.id)).toEqual(['padlock', 'email-password']);
    expect(summary).toMatchObject({ rightDecisions: 1, decisions: 2 });
    // 6 flags + 1 right decision of 8 flags + 2 decisions.
    expect(summary.score).toBe(70);
  });

  it('names every element it draws the way flags name them', () => {
    expect(interactiveElements(email)).toEqual(
      expect.arrayContaining([
        'sender-name',
        'sender-address',
        'reply-to',
        'banner',
        'portal-link',
        'attachment',
      ]),
    );
  });
});
