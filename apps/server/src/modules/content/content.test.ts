import path from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '@vigil/shared';
import { questions, subjects } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { importContentPack } from './content.import.ts';

const TEST_PACK = path.join(import.meta.dirname, 'test-pack');

describe.each(testDatabases())('content on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let trial: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let trialAdmin: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    expect(await importContentPack(t.ctx.db, TEST_PACK)).toEqual({ imported: true, problems: [] });
    const db = t.ctx.db;
    company = await createCompany(db, {
      subscription: { definition: { trainingSubjects: ['spot-the-phish'] } },
    });
    trial = await createCompany(db);
    other = await createCompany(db);
    const { companySubscriptions } = await import('../../db/schema/index.ts');
    await db
      .update(companySubscriptions)
      .set({ trial: true })
      .where(eq(companySubscriptions.companyId, trial.id));
    const [a, v, ta, o] = await Promise.all([
      createManager(db),
      createManager(db),
      createManager(db),
      createManager(db),
    ]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, trial.id, ta.id, 1);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, trialAdmin, outsider] = await Promise.all([
      signIn(t, a.id),
      signIn(t, v.id),
      signIn(t, ta.id),
      signIn(t, o.id),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token: string) =>
    t.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

  it('imports a pack once and keeps question numbers across releases', async () => {
    expect(await importContentPack(t.ctx.db, TEST_PACK)).toEqual({ imported: false, problems: [] });
    const [q] = await t.ctx.db.select().from(questions).where(eq(questions.id, 'ph-invoice'));
    expect(q!.number).toBeGreaterThan(0);
    expect(q!.languages).toEqual(['en']);
    const [s] = await t.ctx.db.select().from(subjects).where(eq(subjects.id, 'spot-the-phish'));
    // The length comes from the video file's header (158.3 s), not the pack's 120 s.
    expect(s!.media).toEqual({
      en: {
        video: '/media/videos/spot-the-phish.en.webm',
        captions: '/media/videos/spot-the-phish.en.vtt',
        duration: 158,
      },
    });
    expect(s!.duration).toBe(158);
  });

  it('refuses a broken pack whole and keeps the content it had', async () => {
    const result = await importContentPack(t.ctx.db, path.join(import.meta.dirname, 'no-such-pack'));
    expect(result.imported).toBe(false);
    expect(result.problems[0]).toMatch(/No content pack/);
    const active = await t.ctx.db.select().from(subjects).where(isNull(subjects.retiredAt));
    expect(active.map((s) => s.id).sort()).toEqual(['clean-desk', 'decision-lost-laptop', 'spot-the-phish']);
  });

  it('lists categories with subjects in the company language, disabling those outside the plan', async () => {
    const res = await get(`/companies/${company.id}/categories?lang=de`, viewer);
    expect(res.statusCode).toBe(200);
    const categories = res.json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['Phishing', 'Physische Sicherheit']);
    const all = categories.flatMap(
      (c: { subjects: { id: string; title: string; disabled: boolean }[] }) => c.subjects,
    );
    expect(all.find((s: { id: string }) => s.id === 'spot-the-phish')).toMatchObject({
      title: 'Phishing erkennen',
      disabled: false,
      languages: ['en'],
      thumb: '/media/thumbs/spot-the-phish.jpg',
      thumbAlt: '',
      duration: 158,
    });
    // An illustration (SVG) with its alternative text in the reader's language; no video: the pack's length.
    expect(all.find((s: { id: string }) => s.id === 'clean-desk')).toMatchObject({
      disabled: true,
      thumb: '/media/thumbs/clean-desk.svg',
      thumbAlt: 'Ein aufgeräumter Schreibtisch.',
      duration: 90,
    });

    const trialRes = (await get(`/companies/${trial.id}/categories`, trialAdmin)).json();
    const trialSubjects = trialRes.flatMap(
      (c: { subjects: { id: string; disabled: boolean }[] }) => c.subjects,
    );
    expect(
      trialSubjects.filter((s: { disabled: boolean }) => !s.disabled).map((s: { id: string }) => s.id),
    ).toEqual(['spot-the-phish', 'decision-lost-laptop']);
  });

  it('shows a subject with its video, quiz and decision tree', async () => {
    const video = (await get(`/companies/${company.id}/subjects/spot-the-phish`, viewer)).json();
    expect(video).toMatchObject({
      id: 'spot-the-phish',
      video: {
        url: expect.stringMatching(/^\/media\/videos\/spot-the-phish\.en\.webm\?exp=\d+&sig=[\w-]+$/),
        captions: expect.stringMatching(/^\/media\/videos\/spot-the-phish\.en\.vtt\?exp=\d+&sig=[\w-]+$/),
      },
      content: '<p>Read more.</p>',
      video_decisions: null,
    });
    expect(video.questions[0]).toEqual({
      question: 'Question 0?',
      correct_answer: 'Right',
      wrong_answer1: 'Wrong a',
      wrong_answer2: 'Wrong b',
      wrong_answer3: 'Wrong c',
    });
    const decision = (await get(`/companies/${company.id}/subjects/decision-lost-laptop`, viewer)).json();
    expect(decision.video_decisions).toMatchObject({ start: 'stolen', correctPath: ['stolen', 'report'] });
    expect(decision.numberOfDecisions).toBe(2);
    expect((await get(`/companies/${company.id}/subjects/nope`, viewer)).statusCode).toBe(404);
  });

  it('keeps notes per company: admins add, edit and delete; others never see them', async () => {
    const url = `/api/companies/${company.id}/subjects/clean-desk/notes`;
    const add = await t.inject({
      method: 'POST',
      url,
      headers: bearer(admin),
      payload: { content: 'Use in onboarding' },
    });
    expect(add.json()).toEqual({ message: CATALOG_MESSAGES.noteSaved });
    expect(
      (await t.inject({ method: 'POST', url, headers: bearer(viewer), payload: { content: 'x' } }))
        .statusCode,
    ).toBe(403);
    const empty = await t.inject({ method: 'POST', url, headers: bearer(admin), payload: { content: ' ' } });
    expect(empty.statusCode).toBe(400);

    const [note] = (await get(`/companies/${company.id}/subjects/clean-desk`, viewer)).json().notes;
    expect(note).toMatchObject({ content: 'Use in onboarding' });
    const edit = await t.inject({
      method: 'PUT',
      url: `${url}/${note.id}`,
      headers: bearer(admin),
      payload: { content: 'Use in week one' },
    });
    expect(edit.statusCode).toBe(200);

    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${other.id}/subjects/clean-desk/notes/${note.id}`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/companies/${other.id}/subjects/clean-desk`, outsider)).json().notes).toEqual([]);

    const del = await t.inject({ method: 'DELETE', url: `${url}/${note.id}`, headers: bearer(admin) });
    expect(del.json()).toEqual({ message: CATALOG_MESSAGES.noteDeleted });
  });

  it('previews a question in the company language with the personalised keys filled in', async () => {
    const list = (await get(`/companies/${company.id}/questions`, viewer)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: 'ph-invoice',
      areaName: 'Email phishing',
      key_behaviour_count: 2,
      component_names: ['scenario', 'multiple-choice', 'yes-no-list'],
      behaviours: [
        { code: 'PH-1', name: 'Checks the sender', max: 2 },
        { code: 'PH-2', name: 'Reports suspicious mail', max: 3 },
      ],
    });
    const detail = (
      await get(
        `/companies/${company.id}/questions/ph-invoice?companyName=Acme%20Ltd&companyDomain=acme.example`,
        viewer,
      )
    ).json();
    expect(detail.blocks[0]).toEqual({
      type: 'scenario',
      text: 'A mail from billing@acme.example at Acme Ltd.',
    });
    expect(detail.blocks[1].options[0]).toEqual({ label: 'Check sender', scores: { 'PH-1': 2, 'PH-2': 1 } });
    expect((await get(`/companies/${company.id}/questions/nope`, viewer)).statusCode).toBe(404);
  });

  it('serves threat-area definitions and templates', async () => {
    const areas = (await get(`/companies/${company.id}/threat-areas`, viewer)).json();
    expect(areas).toEqual([
      expect.objectContaining({
        id: 'email-phishing',
        questionsCount: 1,
        behaviours: expect.arrayContaining([{ code: 'PH-3', name: 'Avoids links', greenThreshold: 2 }]),
      }),
    ]);
    const training = (await get(`/companies/${company.id}/templates?kind=training`, viewer)).json();
    expect(training).toEqual([
      expect.objectContaining({
        id: 'basics',
        items: ['spot-the-phish', 'clean-desk'],
        frequency: { interval: 'W', subjectsPerInterval: 3 },
      }),
    ]);
    const assessment = (await get(`/companies/${company.id}/templates?kind=assessment`, viewer)).json();
    expect(assessment.map((a: { id: string }) => a.id)).toEqual(['pulse']);
  });

  it('filters the content browser by type, category and language', async () => {
    const all = (await get(`/companies/${company.id}/content`, viewer)).json();
    expect(all.subjects).toHaveLength(3);
    expect(all.questions).toHaveLength(1);
    expect(all.languages).toContain('en');
    const onlyQuestions = (await get(`/companies/${company.id}/content?type=assessment`, viewer)).json();
    expect([onlyQuestions.subjects.length, onlyQuestions.questions.length]).toEqual([0, 1]);
    const physical = (
      await get(`/companies/${company.id}/content?type=training&category=physical-security`, viewer)
    ).json();
    expect(physical.subjects.map((s: { id: string }) => s.id)).toEqual([
      'clean-desk',
      'decision-lost-laptop',
    ]);
    // A subject counts as available in a language when its video is (here only English).
    const german = (await get(`/companies/${company.id}/content?language=de`, viewer)).json();
    expect(german.subjects).toEqual([]);
    const english = (await get(`/companies/${company.id}/content?language=en&type=training`, viewer)).json();
    expect(english.subjects).toHaveLength(3);
  });

  it('records preview events with the spec event codes only', async () => {
    const url = `/api/companies/${company.id}/subjects/spot-the-phish/events`;
    expect(
      (await t.inject({ method: 'POST', url, headers: bearer(viewer), payload: { code: 7 } })).statusCode,
    ).toBe(204);
    expect(
      (await t.inject({ method: 'POST', url, headers: bearer(viewer), payload: { code: 99 } })).statusCode,
    ).toBe(400);
    const { subjectPreviewEvents } = await import('../../db/schema/index.ts');
    const rows = await t.ctx.db
      .select()
      .from(subjectPreviewEvents)
      .where(eq(subjectPreviewEvents.companyId, company.id));
    expect(rows.map((r) => r.code)).toEqual([7]);
  });
});
