import { answerOrder, type LearnerDemoAssessment } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bandMessageKey, bandTitleKey, bandTone, demoQuestions, scoreDemo } from './assessment-result.ts';
import { correctAnswersOf, localRecorder } from './lesson-recorder.ts';

const demo: LearnerDemoAssessment = {
  brand: {
    companyName: 'Acme',
    accountName: 'Vigil',
    primaryColor: '#1c7ed6',
    secondaryColor: '#e03131',
    logoUrl: null,
    supportEmail: 'support@example.test',
  },
  name: 'Quick pulse',
  language: 'en',
  duration: 150,
  questions: [
    {
      id: 'gift',
      name: 'Gift cards for the boss',
      area: 'Social engineering',
      behaviours: [
        { code: 'SE-1', max: 2 },
        { code: 'SE-2', max: 1 },
      ],
      blocks: [
        { type: 'scenario', text: 'A text from "the CEO".' },
        {
          type: 'multiple-choice',
          actionId: 'act',
          question: 'What do you do?',
          options: [
            { label: 'Buy them', scores: {} },
            { label: 'Call the CEO on the known number', scores: { 'SE-1': 2, 'SE-2': 1 } },
          ],
        },
      ],
    },
    {
      id: 'wifi',
      name: 'Café wifi',
      area: 'Safe internet',
      behaviours: [{ code: 'SI-1', max: 2 }],
      blocks: [
        {
          type: 'yes-no-list',
          actionId: 'signs',
          question: 'Safe?',
          items: [
            { text: 'Open network', yes: {}, no: { 'SI-1': 1 } },
            { text: 'VPN on', yes: { 'SI-1': 1 }, no: {} },
          ],
        },
      ],
    },
  ],
};

describe('demo assessment', () => {
  it('shows the questions without their points', () => {
    const [gift, wifi] = demoQuestions(demo);
    expect(gift!.blocks[1]).toEqual({
      type: 'multiple-choice',
      actionId: 'act',
      question: 'What do you do?',
      options: ['Buy them', 'Call the CEO on the known number'],
    });
    expect(wifi!.blocks[0]).toMatchObject({ items: ['Open network', 'VPN on'] });
    expect(JSON.stringify(demoQuestions(demo))).not.toContain('SE-1');
  });

  it('scores in the browser with the shared rules', () => {
    const best = scoreDemo(demo, { gift: { act: { option: 1 } }, wifi: { signs: { items: [false, true] } } });
    expect(best.resilienceScore).toBe(100);
    expect(best.band.title).toBe('Excellent');
    expect(best.workOn).toEqual([]);

    const mixed = scoreDemo(demo, {
      gift: { act: { option: 0 } },
      wifi: { signs: { items: [false, true] } },
    });
    expect(mixed.resilienceScore).toBe(50);
    expect(mixed.areas).toEqual([
      { id: 'Social engineering', name: 'Social engineering', score: 0 },
      { id: 'Safe internet', name: 'Safe internet', score: 100 },
    ]);
    expect(mixed.workOn).toEqual([
      { code: 'SE-1', name: 'Gift cards for the boss', area: 'Social engineering', score: 0 },
    ]);
  });
});

describe('result presentation', () => {
  it('translates the spec band titles and keeps a company’s own', () => {
    expect(bandTitleKey('Very good')).toBe('bandVeryGood');
    expect(bandTitleKey('Rock solid')).toBeNull();
  });

  it('picks encouraging words by score', () => {
    expect(bandMessageKey(10)).toBe('bandMessageVeryRisky');
    expect(bandMessageKey(74.6)).toBe('bandMessageVeryGood');
    expect(bandMessageKey(100)).toBe('bandMessageExcellent');
  });

  it('gives band colours a tone that stands out on white', () => {
    expect(bandTone('yellow')).toBe('#9c6f00');
    expect(bandTone('#ffff00')).not.toBe('#ffff00');
    expect(bandTone('nonsense')).toBe('#555d66');
  });
});

describe('demo lesson', () => {
  it('grades the quiz in the browser by the shared answer order', async () => {
    const subject = { id: 'phishing-basics', questions: [{ question: 'q', answers: ['a', 'b', 'c', 'd'] }] };
    const correct = correctAnswersOf(subject);
    expect(correct).toEqual([answerOrder('phishing-basics', 0).indexOf(0)]);
    const recorder = localRecorder(correct);
    const wrong = (correct[0]! + 1) % 4;
    const graded = await recorder.answer({
      trainingId: 'demo',
      subjectId: 'phishing-basics',
      question: 0,
      answer: wrong,
    });
    expect(graded).toMatchObject({ correct: false, correctAnswer: correct[0] });
    expect(graded.progress).toMatchObject({ answered: 1, correct: 0, finished: true });
  });
});
