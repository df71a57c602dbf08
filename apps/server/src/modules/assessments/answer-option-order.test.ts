import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionBlock } from '@vigil/shared';
import { startApp } from '../../app.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { loadContentPack } from '../content/content-pack.ts';
import { assessmentAnswers, assessments, contentMeta, employees, questions } from '../../db/schema/index.ts';
import { createCompany } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

const MIGRATION = '0015_answer_option_order';
const migrationUrl = (file: string) => new URL(`../../db/migrations/${file}`, import.meta.url);

/**
 * The content release that rewrote the single-choice options moved them as follows: the digit at place i
 * is the new position of the option that stood at i. Questions not listed kept their order.
 */
const MOVED: Record<string, string> = {
  'dp-autocomplete-wrong-recipient': '1023',
  'dp-share-link-with-agency': '0132',
  'dp-ai-summarise-contract': '0213',
  'dp-large-transfer-to-partner': '1203',
  'dp-colleague-wants-home-addresses': '0132',
  'ph-ceo-urgent-transfer': '0213',
  'ph-parcel-customs-fee': '1230',
  'ph-hijacked-reply-thread': '0213',
  'ph-qr-code-mfa-reset': '0132',
  'ir-entered-password-on-fake-page': '1203',
  'ir-ransom-note-on-screen': '0312',
  'ir-laptop-acting-strangely': '0213',
  'ir-late-confession': '1023',
  'ir-fake-cleanup-instructions': '0132',
  'pw-reused-password-breach': '0213',
  'pw-caller-asks-for-code': '1203',
  'pw-cover-while-on-leave': '0132',
  'pw-mfa-fatigue-follow-up-call': '0213',
  'ps-hold-the-door': '120',
  'ps-quick-coffee-break': '0132',
  'ps-usb-stick-in-car-park': '1230',
  'ps-fire-alarm-technician': '0132',
  'ps-colleague-unlocked-laptop': '0213',
  'rw-cafe-wifi': '021',
  'rw-printing-at-home': '1203',
  'rw-laptop-stolen-from-car': '0132',
  'rw-postponed-updates': '1023',
  'rw-work-chat-on-personal-phone': '0213',
  'si-sponsored-download-result': '0132',
  'si-fake-browser-update': '120',
  'si-handy-browser-extension': '0213',
  'si-free-full-version': '0132',
  'si-allow-notifications-to-continue': '1023',
  'se-gift-card-request': '0132',
  'se-bank-fraud-department-call': '0213',
  'se-supplier-calls-about-bank-change': '0312',
  'se-urgent-password-reset-call': '1203',
  'se-manager-new-number-message': '021',
};

/** Options whose English text the release kept word for word, at their place in the old pack. */
const OLD_TEXTS: Array<[question: string, oldPosition: number, en: string]> = [
  ['ph-qr-code-mfa-reset', 3, 'Scan it, but close the page if it asks for more than your password.'],
  [
    'ir-fake-cleanup-instructions',
    2,
    "Ignore the email and follow the intranet page, but don't report it – security is busy enough.",
  ],
  ['rw-cafe-wifi', 1, 'Use the café Wi-Fi, but only open websites that show a padlock.'],
  [
    'rw-printing-at-home',
    1,
    'Copy it to a USB stick, print from the family computer and delete the file afterwards.',
  ],
  ['rw-laptop-stolen-from-car', 3, 'Wait a few days in case the police find it.'],
  ['se-urgent-password-reset-call', 1, 'Reset it if he can tell you his employee number and date of birth.'],
  ['se-manager-new-number-message', 1, 'Save the new number and wait for the request before deciding.'],
  ['dp-large-transfer-to-partner', 3, 'Split it into 20 emails with zipped attachments.'],
  ['si-allow-notifications-to-continue', 3, 'Click Block, but stay and read the article.'],
];

const newPosition = (question: string, old: number) => Number(MOVED[question]![old]);
type ChoiceBlock = Extract<QuestionBlock, { type: 'multiple-choice' }>;
const choiceBlockOf = (blocks: QuestionBlock[]) =>
  blocks.find((b): b is ChoiceBlock => b.type === 'multiple-choice')!;

async function storedBlocks(db: Db): Promise<Map<string, QuestionBlock[]>> {
  const rows = await db.select({ id: questions.id, blocks: questions.blocks }).from(questions);
  return new Map(rows.map((r) => [r.id, r.blocks]));
}

/** The stored questions as the previous release had them: each moved question's options in the old order. */
async function restoreOldOrder(db: Db) {
  for (const [id, blocks] of await storedBlocks(db)) {
    if (!MOVED[id]) continue;
    const old = blocks.map((b) =>
      b.type === 'multiple-choice'
        ? { ...b, options: b.options.map((_, i) => b.options[newPosition(id, i)]!) }
        : b,
    );
    await db.update(questions).set({ blocks: old }).where(eq(questions.id, id));
  }
}

const migrationSql = () => readFileSync(fileURLToPath(migrationUrl(`${MIGRATION}.sql`)), 'utf8');

describe.each(testDatabases())('stored answers when the options change order (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** An assessment with one employee per option of every single-choice action as stored, and a few other answers. */
  async function answerEveryOption(db: Db) {
    const company = await createCompany(db);
    const [assessment] = await db
      .insert(assessments)
      .values({ companyId: company.id, name: 'Before the release', status: 'active' })
      .returning();
    const people = await db
      .insert(employees)
      .values(
        Array.from({ length: 4 }, (_, i) => ({ companyId: company.id, email: `option${i}@answers.example` })),
      )
      .returning({ id: employees.id });
    const employeesByPosition = people.map((p) => p.id);
    const rows: (typeof assessmentAnswers.$inferInsert)[] = [];
    for (const [questionId, blocks] of await storedBlocks(db)) {
      for (const block of blocks) {
        if (block.type === 'multiple-choice')
          block.options.forEach((option, i) =>
            rows.push({
              assessmentId: assessment!.id,
              employeeId: employeesByPosition[i]!,
              companyId: company.id,
              questionId,
              actionId: block.actionId,
              choice: { option: i },
              points: option.scores,
            }),
          );
        else if (block.type === 'yes-no-list')
          rows.push({
            assessmentId: assessment!.id,
            employeeId: employeesByPosition[0]!,
            companyId: company.id,
            questionId,
            actionId: block.actionId,
            choice: { items: block.items.map((_, i) => i % 2 === 0) },
            points: {},
          });
      }
    }
    // An action the content pack does not have is no answer to a moved option.
    rows.push({
      assessmentId: assessment!.id,
      employeeId: employeesByPosition[0]!,
      companyId: company.id,
      questionId: 'rw-cafe-wifi',
      actionId: 'not-in-the-pack',
      choice: { option: 1 },
      points: {},
    });
    await db.insert(assessmentAnswers).values(rows);
    return { assessmentId: assessment!.id, count: rows.length };
  }

  async function answers(db: Db, assessmentId: string) {
    const rows = await db
      .select()
      .from(assessmentAnswers)
      .where(eq(assessmentAnswers.assessmentId, assessmentId))
      .orderBy(assessmentAnswers.questionId, assessmentAnswers.actionId, assessmentAnswers.employeeId);
    return rows.map(({ employeeId, questionId, actionId, choice, points }) => ({
      employeeId,
      questionId,
      actionId,
      choice,
      points,
    }));
  }

  it('moves each answer to its option in the start that brings the new order, and leaves every other answer alone', async () => {
    t = await createTestApp(kind, { JOBS: '0' }, { onDisk: true });
    const db = t.ctx.db;
    // The database as the previous release left it: the previous pack imported (its options in the
    // old order), answers given in that order, and this migration not yet applied.
    await restoreOldOrder(db);
    const { assessmentId, count } = await answerEveryOption(db);
    const before = await answers(db, assessmentId);
    expect(before).toHaveLength(count);
    await db
      .update(contentMeta)
      .set({ value: 'the previous pack' })
      .where(eq(contentMeta.key, 'fingerprint'));
    // The migration runs first at a start, then the pack is imported. Drizzle applies only migrations
    // newer than the newest one recorded, and later ones (0012, 0013) are recorded, so forgetting this
    // one's record would not make the start apply it again: it is applied here, just before the start.
    await db.execute(sql.raw(migrationSql()));
    await t.release();

    const database = await openDatabase(
      t.databaseUrl ? { databaseUrl: t.databaseUrl } : { dataDir: t.dataDir },
    );
    try {
      await (await startApp(t.config, database)).close();
      const after = await answers(database.db, assessmentId);
      expect(after).toEqual(
        before.map((a) =>
          MOVED[a.questionId] && 'option' in a.choice && a.actionId !== 'not-in-the-pack'
            ? { ...a, choice: { option: newPosition(a.questionId, a.choice.option) } }
            : a,
        ),
      );
      // The same start brought the new order: each employee's answer shows the option they chose.
      const blocks = await storedBlocks(database.db);
      const { pack } = loadContentPack();
      for (const q of pack.threatAreas.flatMap((area) => area.questions))
        expect(blocks.get(q.id), q.id).toEqual(q.blocks);
      for (const [question, oldPosition, en] of OLD_TEXTS) {
        const chose = (a: { questionId: string; actionId: string }) =>
          a.questionId === question && a.actionId === choiceBlockOf(blocks.get(question)!).actionId;
        const employee = before.find(
          (a) => chose(a) && 'option' in a.choice && a.choice.option === oldPosition,
        )!;
        const now = after.find((a) => chose(a) && a.employeeId === employee.employeeId)!.choice;
        expect('option' in now && choiceBlockOf(blocks.get(question)!).options[now.option]!.label.en).toBe(
          en,
        );
      }
    } finally {
      await database.close();
    }
  }, 60_000);

  it('changes nothing on a database that never had the old order', async () => {
    // A new database applied the migration before it had any answer, then imported the new pack.
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    const { assessmentId } = await answerEveryOption(db);
    const before = await answers(db, assessmentId);
    await db.execute(sql.raw(migrationSql()));
    expect(await answers(db, assessmentId)).toEqual(before);
  });
});
