import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOrder,
  ContentSubject,
  EVENT_CODES,
  localize,
  localizeInteractive,
  PACKAGE_FORMATS,
  PACKAGE_MESSAGES,
  type AssessmentSave,
  type TrainingSave,
} from '@vigil/shared';
import {
  assessmentEvents,
  employees,
  seatMonths,
  trainingDeliveries,
  trainingEvents,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { publicScope } from '../../http/guards.ts';
import { firstEventOf, insertSentDelivery } from '../campaigns/campaigns.service.ts';
import { CONTENT_DIR } from '../content/content-pack.ts';
import { ensureInteractivePlayer } from './test/interactive-player.ts';
import { schemaErrors } from './test/validate-xml.ts';
import { launchConfig, readZip } from './test/zip.ts';

const SUBJECT = 'spot-the-phish';
const QUESTION = 'ph-shared-document-login';
const INTERACTIVE = 'interactive-invoice-inbox';

describe.each(testDatabases())('SCORM and cmi5 packages on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let plain: { id: string };
  let admin: string;
  let viewer: string;
  let outsider: string;
  let trainingId: string;
  let assessmentId: string;

  const scormTraining = (overrides: Partial<TrainingSave> = {}): TrainingSave => ({
    name: 'Phishing package',
    status: 'scheduled',
    isScorm: true,
    templateId: null,
    subjects: [SUBJECT],
    userLists: [],
    scheduleType: 2,
    sendOptions: { channel: 1 },
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [] },
    introMessageEnabled: false,
    introductoryData: { message: '' },
    ...overrides,
  });
  const scormAssessment: AssessmentSave = {
    name: 'Risk package',
    status: 'scheduled',
    isScorm: true,
    questions: [QUESTION],
    userLists: [],
    channel: 1,
    scheduleType: 1,
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [] },
    personalizeEnabled: false,
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Packages Co', settings: { 'ui.cmi5.enabled': '1' } });
    plain = await createCompany(db, { name: 'No Packages Co' });
    const [a, v, o] = await Promise.all([createManager(db), createManager(db), createManager(db)]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, plain.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
    const training = await api('POST', '/automations', admin, scormTraining());
    expect(training.statusCode, training.body).toBe(200);
    trainingId = training.json<{ automation: { id: string } }>().automation.id;
    const assessment = await api('POST', '/assessments', admin, scormAssessment);
    expect(assessment.statusCode, assessment.body).toBe(200);
    assessmentId = assessment.json<{ assessment: { id: string } }>().assessment.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = admin, payload?: object) {
    return t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
  }
  async function zipOf(url: string, token = admin) {
    const res = await api('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    return { res, zip: await readZip(res.rawPayload) };
  }

  it('saves SCORM programs without employees or schedule and lists them in their own tables only', async () => {
    const started = await api('GET', `/automations/${trainingId}`);
    expect(started.json()).toMatchObject({ isScorm: true, status: 'active' });
    const scorm = await api('GET', '/automations/scorm', viewer);
    expect(scorm.statusCode).toBe(200);
    expect(scorm.json()).toMatchObject({
      total: 1,
      rows: [{ id: trainingId, name: 'Phishing package', learners: 0, completion: null, canEdit: false }],
    });
    expect(scorm.json().rows[0].subjectsNames).toHaveLength(1);
    const list = await api('GET', '/automations');
    expect(list.json<{ rows: { id: string }[] }>().rows.map((r) => r.id)).not.toContain(trainingId);
    const assessments = await api('GET', '/assessments/scorm');
    expect(assessments.json()).toMatchObject({ total: 1, rows: [{ id: assessmentId, questionsCount: 1 }] });
    // Another company sees none of them.
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/companies/${plain.id}/automations/scorm`,
      headers: bearer(outsider),
    });
    expect(foreign.json()).toEqual({ rows: [], total: 0 });
  });

  it('creates the package for admins only, in the company, behind the cmi5 feature', async () => {
    const made = await api('POST', `/automations/${trainingId}/package`, admin, { format: 'scorm12' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      kind: 'training',
      format: 'scorm12',
      variant: 'dispatch',
      fileName: 'Phishing-package-scorm12.zip',
      downloadPath: `/api/companies/${company.id}/automations/${trainingId}/package?format=scorm12&variant=dispatch`,
    });
    expect((await api('POST', `/automations/${trainingId}/package`, viewer, {})).statusCode).toBe(403);
    const foreign = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/automations/${trainingId}/package`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    // A company without ui.cmi5.enabled gets neither downloads nor the /cmi5 admin.
    const gated = await t.inject({
      method: 'GET',
      url: `/api/companies/${plain.id}/cmi5`,
      headers: bearer(outsider),
    });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error).toBe('not_in_plan');
  });

  it('downloads valid SCORM 1.2, SCORM 2004 and cmi5 packages with stable identifiers', async () => {
    for (const format of PACKAGE_FORMATS) {
      const { res, zip } = await zipOf(`/automations/${trainingId}/package?format=${format}`, viewer);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Phishing-package-${format}.zip"`,
      );
      const manifest = format === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml';
      expect(zip.names).toEqual(expect.arrayContaining([manifest, 'index.html', 'vigil/launch.js']));
      expect(await schemaErrors(format, zip.text(manifest))).toEqual([]);
      if (format === 'scorm12') expect(zip.names).toContain('adlcp_rootv1p2.xsd');
      const config = launchConfig(zip.text('index.html'));
      expect(config).toMatchObject({ kind: 'training', format, variant: 'dispatch' });
      expect(String(config.key)).toMatch(/^t[0-9a-f]{32}\./);
      // A second download is the same package to the LMS: same ids and key.
      const again = await zipOf(`/automations/${trainingId}/package?format=${format}`);
      expect(again.zip.text(manifest)).toBe(zip.text(manifest));
      expect(launchConfig(again.zip.text('index.html')).key).toBe(config.key);
    }
    const { zip } = await zipOf(`/assessments/${assessmentId}/package?format=scorm2004`);
    const manifest = zip.text('imsmanifest.xml');
    expect(await schemaErrors('scorm2004', manifest)).toEqual([]);
    expect(manifest).toContain('<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>');
    expect(
      (await api('GET', `/assessments/${assessmentId}/package?variant=self-contained`)).json(),
    ).toMatchObject({
      description: PACKAGE_MESSAGES.selfContainedTrainingsOnly,
    });
  });

  it('puts the videos and captions inside a self-contained package', async () => {
    const { zip } = await zipOf(`/automations/${trainingId}/package?format=scorm2004&variant=self-contained`);
    const video = zip.names.find((n) => n.startsWith(`media/${SUBJECT}.`) && !n.endsWith('.vtt'));
    expect(video).toBeDefined();
    expect(zip.size(video!)).toBeGreaterThan(10_000);
    const config = launchConfig(zip.text('index.html'));
    expect(config.key).toBeUndefined();
    expect(config.subjects).toEqual([expect.objectContaining({ id: SUBJECT, video })]);
    // The answers in the order every lesson shows them, so the right one is not always first.
    const quiz = (config.subjects as { questions: { correct: number }[] }[])[0]!.questions;
    expect(quiz.map((q) => q.correct)).toEqual(quiz.map((_, i) => answerOrder(SUBJECT, i).indexOf(0)));
    expect(new Set(quiz.map((q) => q.correct)).size).toBeGreaterThan(1);
    expect(zip.text('imsmanifest.xml')).toContain(`<file href="${video}"/>`);
    expect(await schemaErrors('scorm2004', zip.text('imsmanifest.xml'))).toEqual([]);
  });

  it('runs the /cmi5 admin: create with units and questions, list, download each format, delete', async () => {
    const missing = await api('POST', '/cmi5', admin, { name: ' ', assignableUnits: [] });
    expect(missing.statusCode).toBe(400);
    const body = {
      name: 'Phishing check',
      description: 'A short check',
      objective: 'Spot phishing',
      objectiveDescription: 'Recognise a fake login page',
      assignableUnits: [{ auTitle: 'Unit one', auDescription: 'Shared documents', questions: [QUESTION] }],
    };
    expect((await api('POST', '/cmi5', viewer, body)).statusCode).toBe(403);
    const made = await api('POST', '/cmi5', admin, body);
    expect(made.statusCode, made.body).toBe(200);
    const pkg = made.json();
    expect(pkg).toMatchObject({
      name: 'Phishing check',
      format: 'scorm2004',
      definition: {
        objective: 'Spot phishing',
        assignableUnits: [{ auTitle: 'Unit one', questions: [{ id: QUESTION }] }],
      },
    });
    const list = await api('GET', '/cmi5', viewer);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: pkg.id }] });
    for (const format of PACKAGE_FORMATS) {
      const { zip } = await zipOf(`/cmi5/${pkg.id}/download?format=${format}`, viewer);
      const manifest = format === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml';
      expect(await schemaErrors(format, zip.text(manifest))).toEqual([]);
      if (format === 'cmi5') {
        expect(zip.text(manifest)).toContain(`<course id="urn:vigil:cmi5:${pkg.uniqueId}">`);
        expect(zip.text(manifest)).toContain('moveOn="CompletedAndPassed" masteryScore="0.8"');
        expect(zip.text(manifest)).toContain('Recognise a fake login page');
      }
    }
    const foreign = await t.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}/cmi5/${pkg.id}`,
      headers: bearer(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await api('DELETE', `/cmi5/${pkg.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/cmi5/${pkg.id}`)).statusCode).toBe(404);
  });

  it('opens a session for an LMS learner, counts their seat and reports their results', async () => {
    const { zip } = await zipOf(`/automations/${trainingId}/package?format=scorm2004`);
    const key = String(launchConfig(zip.text('index.html')).key);
    const launch = (learnerId: string, suspendData = '') =>
      t.inject({
        method: 'POST',
        url: '/api/package/sessions',
        headers: { origin: 'https://lms.example' },
        payload: { key, format: 'scorm2004', learnerId, learnerName: 'Lena LMS', suspendData },
      });
    const bad = await t.inject({
      method: 'POST',
      url: '/api/package/sessions',
      payload: { key: `${key.slice(0, -3)}abc`, format: 'scorm2004', learnerId: 'x' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().description).toBe(PACKAGE_MESSAGES.keyInvalid);

    const res = await launch('lms-learner-42', 'from-the-lms');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const session = res.json<{ token: string; contentUrl: string }>();
    expect(session.contentUrl).toMatch(/\/learn\/\?package=1#t=/);
    const state = () =>
      t.inject({
        method: 'GET',
        url: '/api/package/session/state',
        headers: { 'x-package-session': session.token },
      });
    expect((await state()).json()).toMatchObject({
      completion: 'incomplete',
      success: 'unknown',
      score: null,
      suspendData: 'from-the-lms',
    });

    // The learner page the frame opens is the learner app with the LMS learner's own token.
    const learnerToken = decodeURIComponent(session.contentUrl.split('#t=')[1]!);
    const learner = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({ method, url: `/api/learner${url}`, headers: bearer(learnerToken), payload });
    const subject = await learner('GET', `/trainings/${trainingId}/subjects/${SUBJECT}`);
    expect(subject.statusCode, subject.body).toBe(200);
    const questions = subject.json<{ questions: unknown[] }>().questions;
    for (const code of [
      EVENT_CODES.SUBJECT_OPEN,
      EVENT_CODES.VIDEO_START,
      EVENT_CODES.VIDEO_95,
      EVENT_CODES.VIDEO_100,
    ])
      expect(
        (await learner('POST', '/events', { trainingId, subjectId: SUBJECT, code })).statusCode,
      ).toBeLessThan(300);
    for (let i = 0; i < questions.length; i++) {
      // Every answer right but the last: a quiz score below 100.
      const right = answerOrder(SUBJECT, i).indexOf(0);
      const answer = i === questions.length - 1 ? (right + 1) % 4 : right;
      const a = await learner('POST', '/answers', { trainingId, subjectId: SUBJECT, question: i, answer });
      expect(a.statusCode, a.body).toBe(200);
    }
    const expected = Math.round((100 * (questions.length - 1)) / questions.length);
    expect((await state()).json()).toMatchObject({
      completion: 'completed',
      success: expected >= 80 ? 'passed' : 'failed',
      score: expected,
      finished: true,
    });

    // In the program's report under the LMS's learner, with a seat this month.
    const report = await api('GET', `/automations/${trainingId}/employees`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      total: 1,
      rows: [expect.objectContaining({ name: 'Lena LMS', score: 1 })],
    });
    const scorm = await api('GET', '/automations/scorm');
    expect(scorm.json().rows[0]).toMatchObject({
      learners: 1,
      completed: 1,
      completion: 100,
      score: expected,
    });
    const [employee] = await t.ctx.db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, company.id), eq(employees.externalId, 'lms-learner-42')));
    expect(employee).toMatchObject({ source: 'lms', name: 'Lena LMS' });
    expect(employee!.email).toMatch(/@lms\.invalid$/);
    const seats = await t.ctx.db.select().from(seatMonths).where(eq(seatMonths.employeeId, employee!.id));
    expect(seats).toHaveLength(1);

    // A relaunch is the same learner: same employee, the suspend data kept, still completed.
    const again = await launch('lms-learner-42', 'older-copy');
    expect(again.statusCode).toBe(200);
    const relaunched = await t.inject({
      method: 'GET',
      url: '/api/package/session/state',
      headers: { 'x-package-session': again.json().token },
    });
    expect(relaunched.json()).toMatchObject({ completion: 'completed', suspendData: 'from-the-lms' });
    const count = await t.ctx.db.select().from(employees).where(eq(employees.externalId, 'lms-learner-42'));
    expect(count).toHaveLength(1);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: '/api/package/session/state',
          headers: { 'x-package-session': 'x'.repeat(40) },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("passes a SCORM subject's own score through to the program's score and the LMS", async () => {
    const SCORM_QUIZ = 'password-habits-check';
    const made = await api(
      'POST',
      '/automations',
      admin,
      scormTraining({ name: 'Quiz only', subjects: [SCORM_QUIZ] }),
    );
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ automation: { id: string } }>().automation.id;
    const { zip } = await zipOf(`/automations/${id}/package?format=scorm12`);
    const key = String(launchConfig(zip.text('index.html')).key);
    const session = (
      await t.inject({
        method: 'POST',
        url: '/api/package/sessions',
        payload: {
          key,
          format: 'scorm12',
          learnerId: 'quiz-taker',
          learnerName: 'Quinn Quiz',
          suspendData: '',
        },
      })
    ).json<{ token: string; contentUrl: string }>();
    const state = async () =>
      (
        await t.inject({
          method: 'GET',
          url: '/api/package/session/state',
          headers: { 'x-package-session': session.token },
        })
      ).json();
    const learnerToken = decodeURIComponent(session.contentUrl.split('#t=')[1]!);
    const learner = (url: string, payload: object) =>
      t.inject({ method: 'POST', url: `/api/learner${url}`, headers: bearer(learnerToken), payload });

    // Only a SCORM subject has a score of its own.
    expect((await learner('/scorm-score', { trainingId, subjectId: SUBJECT, scaled: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (await learner('/scorm-score', { trainingId: id, subjectId: SCORM_QUIZ, scaled: 2 })).statusCode,
    ).toBe(400);
    // What the package's run-time committed (cmi.core.score.raw 100 of 0–100), then its "passed".
    const scored = await learner('/scorm-score', { trainingId: id, subjectId: SCORM_QUIZ, scaled: 1 });
    expect(scored.statusCode, scored.body).toBe(200);
    // Counted as the package's four questions, all right.
    expect(scored.json()).toMatchObject({ answered: 4, correct: 4, questions: 4 });
    await learner('/events', { trainingId: id, subjectId: SCORM_QUIZ, code: EVENT_CODES.VIDEO_100 });
    expect(await state()).toMatchObject({ completion: 'completed', success: 'passed', score: 100 });
    // As with a quiz's answers, the first score counts: a later attempt changes nothing.
    await learner('/scorm-score', { trainingId: id, subjectId: SCORM_QUIZ, scaled: 0 });
    expect((await state()).score).toBe(100);
    const detail = await api('GET', `/automations/${id}`);
    expect(detail.json()).toMatchObject({ quizScore: 100 });
    const table = await api('GET', '/automations/scorm?q=Quiz%20only');
    expect(table.json().rows[0]).toMatchObject({ learners: 1, completed: 1, score: 100 });
  });

  it('makes one package event when two first launches come at the same moment', async () => {
    const made = await api('POST', '/automations', admin, scormTraining({ name: 'Launched twice' }));
    const id = made.json<{ automation: { id: string } }>().automation.id;
    const { zip } = await zipOf(`/automations/${id}/package?format=scorm2004`);
    const key = String(launchConfig(zip.text('index.html')).key);
    const launches = await Promise.all(
      ['first-a', 'first-b', 'first-c'].map((learnerId) =>
        t.inject({
          method: 'POST',
          url: '/api/package/sessions',
          payload: { key, format: 'scorm2004', learnerId, learnerName: learnerId, suspendData: '' },
        }),
      ),
    );
    for (const res of launches) expect(res.statusCode, res.body).toBe(200);
    const events = await t.ctx.db.select().from(trainingEvents).where(eq(trainingEvents.trainingId, id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 1, position: 0, status: 'sent', subjectIds: [SUBJECT] });
    const deliveries = await t.ctx.db
      .select()
      .from(trainingDeliveries)
      .where(eq(trainingDeliveries.trainingId, id));
    expect(deliveries.map((d) => d.eventId)).toEqual([events[0]!.id, events[0]!.id, events[0]!.id]);
    expect(deliveries.every((d) => d.status === 'sent' && d.sentAt !== null)).toBe(true);
    // The core's writer of a sent delivery keeps one per employee and event, however often it is asked.
    const again = {
      eventId: events[0]!.id,
      campaignId: id,
      employeeId: deliveries[0]!.employeeId,
      channel: 1,
    };
    await insertSentDelivery(t.ctx.db, publicScope(company.id, 'test'), 'training', again);
    expect(
      await t.ctx.db.select().from(trainingDeliveries).where(eq(trainingDeliveries.trainingId, id)),
    ).toHaveLength(3);
    // The launches above take the company's seat lock first, which lines them up; the core's
    // find-or-create holds on its own when called at once (on PostgreSQL, on separate connections).
    const other = await api('POST', '/assessments', admin, { ...scormAssessment, name: 'At once' });
    const assessment = other.json<{ assessment: { id: string } }>().assessment.id;
    const ids = await Promise.all(
      Array.from({ length: 8 }, () =>
        firstEventOf(t.ctx.db, publicScope(company.id, 'test'), 'assessment', assessment),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const invitations = await t.ctx.db
      .select()
      .from(assessmentEvents)
      .where(eq(assessmentEvents.assessmentId, assessment));
    expect(invitations).toHaveLength(1);
    // The core's find-or-create never hands another company its event.
    await expect(firstEventOf(t.ctx.db, publicScope(plain.id, 'test'), 'training', id)).rejects.toThrow();
    expect(await firstEventOf(t.ctx.db, publicScope(company.id, 'test'), 'training', id)).toBe(events[0]!.id);
  });

  it('lets an LMS frame the learner page of a package session, and only that page', async () => {
    const framed = await t.inject({
      method: 'GET',
      url: '/learn/?package=1',
      headers: { accept: 'text/html' },
    });
    expect(framed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const normal = await t.inject({ method: 'GET', url: '/learn/', headers: { accept: 'text/html' } });
    expect(normal.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });
  // Last: its program would lead the SCORM table the tests above read.
  it('plays an interactive subject inside a self-contained package, in its language, with no server', async () => {
    ensureInteractivePlayer();
    const saved = await api(
      'POST',
      '/automations',
      admin,
      scormTraining({ name: 'Interactive package', subjects: [SUBJECT, INTERACTIVE] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ automation: { id: string } }>().automation.id;
    const { res, zip } = await zipOf(
      `/automations/${id}/package?format=scorm12&variant=self-contained&lang=de`,
    );
    // The player and its stylesheet, the runtime, the illustration, listed in the manifest.
    const inside = [
      'vigil/interactive.js',
      'vigil/interactive.css',
      'vigil/local-player.js',
      `media/${INTERACTIVE}.svg`,
    ];
    for (const name of inside) {
      expect(zip.names).toContain(name);
      expect(zip.text('imsmanifest.xml')).toContain(`<file href="${name}"/>`);
    }
    expect(await schemaErrors('scorm12', zip.text('imsmanifest.xml'))).toEqual([]);
    expect(zip.text(`media/${INTERACTIVE}.svg`)).toContain('<svg');
    const page = zip.text('index.html');
    expect(page).toContain('<html lang="de">');
    expect(page).toMatch(
      /<script src="vigil\/launch.js"><\/script>\n<script src="vigil\/interactive.js"><\/script>\n<script src="vigil\/local-player.js"><\/script>/,
    );
    // The scenes in the package's language, grading included (as the video quizzes' right answers are).
    const authored = ContentSubject.parse(
      JSON.parse(readFileSync(path.join(CONTENT_DIR, 'subjects', `${INTERACTIVE}.json`), 'utf8')),
    );
    const config = launchConfig(page);
    const subject = (config.subjects as Record<string, unknown>[])[1]!;
    expect(subject).toMatchObject({
      id: INTERACTIVE,
      title: localize(authored.title, 'de'),
      video: null,
      illustration: { src: `media/${INTERACTIVE}.svg`, alt: localize(authored.thumbAlt!, 'de') },
    });
    expect(subject.interactive).toEqual(localizeInteractive(authored.interactive!, 'de'));
    expect(localize(authored.title, 'de')).not.toBe(localize(authored.title, 'en'));
    const de = JSON.parse(
      readFileSync(path.join(CONTENT_DIR, '../apps/web/public/static/locales/de/common.json'), 'utf8'),
    ) as { catalog: { player: Record<string, string> }; packages: { localPlayer: Record<string, string> } };
    expect(config.texts).toEqual({ ...de.packages.localPlayer, player: de.catalog.player });
    // Nothing reaches our server: no key, no address, no call to our API in what the package runs.
    expect(config.key).toBeUndefined();
    expect(config.server).toBeUndefined();
    const publicUrl = t.ctx.config.publicUrl;
    for (const name of zip.names.filter((n) => /\.(html|js|css|xml|svg)$/.test(n)))
      expect(zip.text(name), name).not.toContain(publicUrl);
    for (const name of ['index.html', 'vigil/interactive.js', 'vigil/local-player.js'])
      expect(zip.text(name), name).not.toMatch(/\/api\/|\/static\/locales/);
    // A sane size: the player is one script of a few hundred KB, the whole zip well under a megabyte
    // plus the video lesson beside it.
    expect(zip.size('vigil/interactive.js')).toBeLessThan(400_000);
    const video = zip.names.find((n) => n.startsWith(`media/${SUBJECT}.`) && !n.endsWith('.vtt'))!;
    expect(res.rawPayload.length - zip.size(video)).toBeLessThan(1_000_000);
  });
});
