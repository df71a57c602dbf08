import { describe, expect, it } from 'vitest';
import {
  hasPoppler,
  pageCount,
  pdfColors,
  pdfText,
  sampleLogoPng,
  testBrand,
} from '../../lib/pdf/pdf-test-utils.ts';
import { renderTrainingReportPdf, type TrainingReportInput } from './training-report-pdf.ts';

type Employee = NonNullable<TrainingReportInput['employees']>[number];

const lessonNames = ['Phishing basics', 'Strong passphrases', 'Password managers', 'Public Wi-Fi'];

function employees(count: number): Employee[] {
  return Array.from({ length: count }, (_, i) => ({
    name: i % 10 === 3 ? '' : `Jürgen Müller ${i + 1}`,
    email: `user${i + 1}@example.test`,
    lists: i % 2 ? 'Sales, Berlin' : 'Engineering',
    score: i % 5,
    total: 4,
    percent: i % 7 === 0 ? null : (i % 5) * 25,
    quizScore: i % 7 === 0 ? null : 30 + i,
    completedAt: i % 5 === 4 ? new Date('2025-03-20T09:00:00Z') : null,
  }));
}

function report(overrides: Partial<TrainingReportInput> = {}): TrainingReportInput {
  return {
    brand: testBrand(),
    logo: sampleLogoPng(),
    generatedAt: new Date('2025-04-02T08:00:00Z'),
    language: 'en',
    training: {
      name: 'Security Awareness 2025',
      status: 'active',
      firstBatch: new Date('2025-03-03T00:00:00Z'),
      lastBatch: null,
      invited: 1234,
      bounced: 12,
      attendance: 72.4,
      completionRate: null,
      quizScore: 38,
    },
    lessons: lessonNames.map((name, i) => ({
      name,
      sent: 1200 - i,
      score: 600 - i * 100,
      total: 1200 - i,
      questionsCount: 3,
      correctsStats: i === 0 ? null : 80 + i,
    })),
    lists: [
      { name: 'Sales', users: 320, score: 300, total: 320 },
      { name: 'Engineering', users: 410, score: 0, total: 0 },
    ],
    employees: employees(12),
    details: null,
    employeesTotal: 12,
    ...overrides,
  };
}

async function render(input: TrainingReportInput) {
  const pdf = await renderTrainingReportPdf(input);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('renderTrainingReportPdf', () => {
  it('renders a one-page A4 portrait report for a small program', async () => {
    const pdf = await render(report());
    expect(pageCount(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it.runIf(hasPoppler)(
    'prints the title, the figures, the lessons, the lists and the employees',
    async () => {
      const text = pdfText(await render(report()));
      for (const expected of [
        'Training report — Security Awareness 2025',
        'Generated on April 2, 2025',
        'Status: Active',
        'First batch: March 3, 2025',
        'Last batch: N/A',
        'INVITED 1,234',
        'BOUNCED 12',
        'ATTENDANCE 72%',
        'COMPLETION N/A',
        'QUIZ SCORE 38%',
        'Phishing basics 1,200 600 / 1,200 50%',
        'Sales 320 300 / 320 94%',
        'Engineering 410 0 / 0 N/A',
        'Jürgen Müller 2 user2@example.test Sales, Berlin 1 / 4 25% 31%',
        'user4@example.test',
        'Mar 20, 2025',
        'Acme Corporation · Vigil',
        'Page 1 of 1',
      ]) {
        expect(text).toContain(expected);
      }
    },
  );

  it.runIf(hasPoppler)('speaks the company language', async () => {
    const text = pdfText(await render(report({ language: 'de' })));
    for (const expected of [
      'Schulungsbericht — Security Awareness 2025',
      'EINGELADEN 1.234',
      'Erstellt am 2. April 2025',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  // Its time is a benchmark figure (docs/BENCHMARKS.md), not a unit-test assertion.
  it('renders 1000 employees on about 25 pages', async () => {
    const pdf = await render(report({ employees: employees(1000), employeesTotal: 1350 }));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(24);
    expect(pages).toBeLessThanOrEqual(30);
    if (!hasPoppler) return;
    const text = pdfText(pdf);
    expect(text).toContain('Showing 1,000 of 1,350 employees.');
    expect(text).toContain('user1000@example.test');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The employees' column titles head every page the table runs onto.
    expect(
      occurrences(text, 'NAME EMAIL LISTS FINISHED COMPLETION QUIZ SCORE COMPLETED'),
    ).toBeGreaterThanOrEqual(pages - 1);
  });

  it.runIf(hasPoppler)('says so when there are no employees yet', async () => {
    const pdf = await render(report({ employees: [], employeesTotal: 0, lessons: [], lists: [] }));
    expect(pageCount(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('No employees yet.');
  });

  it.runIf(hasPoppler)('leaves the employees out under anonymous tracking', async () => {
    const text = pdfText(await render(report({ employees: null, employeesTotal: 0 })));
    expect(text).toContain('Lessons');
    expect(text).not.toContain('EMAIL');
    expect(text).not.toContain('user1@example.test');
  });

  it.runIf(hasPoppler)(
    'adds the per-lesson matrix with a numbered legend when details are asked for',
    async () => {
      const details = employees(80).map((employee, i) => ({
        email: employee.email,
        name: employee.name,
        viewed: lessonNames.map((_, j) => (i + j) % 2 === 0),
        answered: lessonNames.map((_, j) => (i + j) % 3 === 0),
      }));
      const pdf = await render(report({ details, employees: employees(80), employeesTotal: 80 }));
      const text = pdfText(pdf);
      expect(text).toContain('Lessons per employee');
      expect(text).toContain('1 Phishing basics');
      expect(text).toContain('4 Public Wi-Fi');
      expect(text).toContain('V viewed A answered done not yet');
      expect(text).toContain('EMPLOYEE 1 V A 2 V A 3 V A 4 V A');
      expect(text).toContain('user4@example.test');
      expect(pageCount(pdf)).toBeGreaterThan(2);
    },
  );

  it.runIf(hasPoppler)('splits a matrix of many lessons into groups that fit the page', async () => {
    const many = Array.from({ length: 30 }, (_, i) => `Lesson ${i + 1}`);
    const lessons = many.map((name) => ({
      name,
      sent: 1,
      score: 1,
      total: 1,
      questionsCount: 1,
      correctsStats: 100,
    }));
    const details = [
      { email: 'a@example.test', name: 'Ann', viewed: many.map(() => true), answered: many.map(() => false) },
    ];
    const text = pdfText(await render(report({ lessons, details })));
    expect(text).toContain('Lessons 1–10');
    expect(text).toContain('Lessons 21–30');
  });

  it('wears the brand colour', async () => {
    // (Green stays in the report as the colour of the 100 % score band.)
    expect(pdfColors(await render(report({ brand: testBrand({ primaryColor: '#7048e8' }) })))).toContain(
      '#7048e8',
    );
  });

  it('uses the default colour for one it cannot read and survives a broken logo', async () => {
    await render(report({ brand: testBrand({ primaryColor: 'blue' }), logo: Buffer.from('nope') }));
  });
});
