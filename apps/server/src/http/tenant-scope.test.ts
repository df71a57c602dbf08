/**
 * The tenant scope as a mechanism: the query layer itself keeps companies apart, so a service that
 * forgot its check still cannot leak. Every query function is called with company A's scope and
 * company B's row ids: reads find nothing, writes change nothing; the same calls with B's scope find
 * B's rows, so each check can fail. And the guards read a route's company from one source only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employeeLists, listMembers } from '../db/schema/index.ts';
import { systemScope, type CompanyScope } from '../lib/scope.ts';
import { seatsUsed } from '../lib/entitlements.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../test/harness.ts';
import { seedAssessment, type SeededAssessment } from '../test/assessment-reports.fixture.ts';
import * as employees from '../modules/employees/employees.queries.ts';
import * as dashboard from '../modules/dashboard/dashboard.queries.ts';
import * as reports from '../modules/reports/training-report.queries.ts';
import { quizAnswersByTraining } from '../modules/reports/overview-report.queries.ts';
import * as assessmentReports from '../modules/assessment-reports/assessment-reports.queries.ts';
import * as content from '../modules/content/content.queries.ts';
import * as managers from '../modules/managers/managers.queries.ts';
import * as enrolment from '../modules/enrolment/enrolment.queries.ts';
import * as apiKeys from '../modules/api-keys/api-keys.queries.ts';
import * as webhooks from '../modules/webhooks/webhooks.queries.ts';
import * as chat from '../modules/chat/chat.queries.ts';
import { chatConnectionsOf } from '../lib/chat-channels.ts';
import * as audit from '../modules/audit/audit.queries.ts';
import * as directory from '../modules/directory/directory.queries.ts';
import * as scim from '../modules/scim/scim.queries.ts';
import * as ppv from '../modules/ppv/ppv.queries.ts';
import { auditLog } from '../db/schema/index.ts';

const SUBJECT = 'spot-the-phish';
const EVERYONE_FILTER = { status: 'all', order: 'name', d: 'asc' } as const;

describe.each(testDatabases())('tenant scope on %s', (kind) => {
  let t: TestApp;
  let a: CompanyScope;
  let b: CompanyScope;
  let companyA: string;
  let companyB: string;
  let seeded: SeededAssessment;
  let trainingB: string;
  let noteB: string;
  let adminA: string;
  let adminB: string;
  let managerBId: string;
  const aliceEmail = 'alice@example.com';

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyA = (await createCompany(db, { name: 'Company A' })).id;
    companyB = (await createCompany(db, { name: 'Company B' })).id;
    a = systemScope(companyA, 'test');
    b = systemScope(companyB, 'test');
    const managerA = await createManager(db);
    const managerB = await createManager(db);
    await addMember(db, companyA, managerA.id, 1);
    await addMember(db, companyB, managerB.id, 1);
    adminA = await signIn(t, managerA.id);
    adminB = await signIn(t, managerB.id);
    managerBId = managerB.id;
    seeded = await seedAssessment(db, companyB);
    const started = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyB}/automations`,
      headers: bearer(adminB),
      payload: sendNowProgram('B program', [SUBJECT], [seeded.lists.sales]),
    });
    expect(started.statusCode, started.body).toBe(200);
    trainingB = started.json<{ automation: { id: string } }>().automation.id;
    noteB = await content.insertNote(db, b, SUBJECT, managerB.id, 'B only');
  });

  afterAll(async () => {
    await t?.close();
  });

  it("finds none of another company's rows (employees)", async () => {
    const db = t.ctx.db;
    const list = seeded.lists.sales;
    const alice = seeded.employees.alice;
    const email = (await employees.membersOfList(db, b, list))[0]!.email;
    const page = { limit: 50, offset: 0, sort: 'email', order: 'asc' } as const;
    // B's scope sees them: the checks below can fail.
    expect(await employees.listById(db, b, list)).toBeDefined();
    expect((await employees.membersPage(db, b, list, page)).total).toBeGreaterThan(0);
    expect(await employees.listsOfEmployee(db, b, alice)).not.toEqual([]);
    expect(await employees.assessmentRecordsOf(db, b, alice)).not.toEqual([]);

    expect(await employees.listById(db, a, list)).toBeUndefined();
    expect(await employees.listsOfCompany(db, a)).toEqual([]);
    expect(await employees.membersOfList(db, a, list)).toEqual([]);
    expect(await employees.membersPage(db, a, list, page)).toEqual({ rows: [], total: 0 });
    expect((await employees.membersPage(db, a, list, { ...page, q: email.slice(0, 4) })).total).toBe(0);
    expect(await employees.employeeInList(db, a, list, email)).toBeUndefined();
    expect(await employees.listsOfEmployee(db, a, alice)).toEqual([]);
    expect(await employees.subjectRecordsOf(db, a, alice)).toEqual([]);
    expect(await employees.assessmentRecordsOf(db, a, alice)).toEqual([]);
    expect(await seatsUsed(db, a)).toBe(0);
  });

  it("finds and changes none of another company's managers", async () => {
    const db = t.ctx.db;
    expect((await managers.managersOfCompany(db, b)).map((m) => m.userId)).toEqual([managerBId]);
    expect((await managers.managersOfCompany(db, a)).map((m) => m.userId)).not.toContain(managerBId);
    expect(await managers.managerOfCompany(db, a, managerBId)).toBeUndefined();
    await managers.updateMembership(db, a, managerBId, { role: 2, manageUsers: false });
    await managers.deleteMembership(db, a, managerBId);
    await managers.setBillingManagerOf(db, a, managerBId);
    await managers.withAdminsLocked(db, a, async (_, admins) => expect(admins).not.toContain(managerBId));
    expect(await managers.managerOfCompany(db, b, managerBId)).toMatchObject({
      role: 1,
      billingManager: false,
    });
  });

  it("finds none of another company's programs or employees for enrolment mails", async () => {
    const db = t.ctx.db;
    const list = seeded.lists.sales;
    const emails = (await employees.membersOfList(db, b, list)).map((m) => m.email);
    expect(await enrolment.listMembersByEmail(db, b, list, emails)).not.toEqual([]);
    expect(await enrolment.listMembersByEmail(db, a, list, emails)).toEqual([]);
    expect(await enrolment.runningProgramsOfList(db, a, list)).toEqual([]);
    // A row naming another company's employee cannot be written (its key is (company, employee)).
    await expect(enrolment.claimEnrolmentMails(db, a, trainingB, [seeded.employees.alice])).rejects.toThrow();
  });

  it("changes none of another company's rows (employees)", async () => {
    const db = t.ctx.db;
    const list = seeded.lists.sales;
    const before = await employees.membersOfList(db, b, list);
    const email = before[0]!.email;
    expect(await employees.renameList(db, a, list, 'Taken')).toBe(false);
    expect(await employees.deleteList(db, a, list)).toBe(false);
    expect(await employees.removeFromList(db, a, list, email)).toBe(false);
    expect(await employees.removeOthersFromList(db, a, list, [])).toBe(0);
    expect(await employees.removeFromCompany(db, a, [seeded.employees.alice])).toBe(0);
    // An import into another company's list puts nobody in that list.
    await employees.upsertIntoList(
      db,
      a,
      list,
      [{ email: aliceEmail, name: 'Mallory', unit: '', tags: [] }],
      'manual',
    );
    expect(await employees.membersOfList(db, b, list)).toEqual(before);
    const [row] = await db.select().from(employeeLists).where(eq(employeeLists.id, list));
    expect(row!.name).toBe('Sales');
    expect(await db.select().from(listMembers).where(eq(listMembers.companyId, companyA))).toEqual([]);
  });

  it("finds none of another company's rows (dashboard and training reports)", async () => {
    const db = t.ctx.db;
    expect((await dashboard.topTrainings(db, b, 10)).map((r) => r.id)).toContain(trainingB);
    expect(await dashboard.topTrainings(db, a, 10)).toEqual([]);
    expect(await dashboard.topAssessmentIds(db, a, 10)).toEqual([]);
    // Figures are answered for every id asked: another company's program has none.
    expect((await dashboard.trainingFigures(db, a, [trainingB])).get(trainingB)).toEqual({
      totalUsers: 0,
      opened: 0,
      subjectsSent: 0,
      answered: 0,
      correct: 0,
    });
    expect(await dashboard.resilienceAggregates(db, a, [seeded.id])).toEqual([]);
    const year = { from: new Date('2000-01-01'), to: new Date('2100-01-01') };
    expect(await dashboard.calendarRows(db, b, year.from, year.to)).not.toEqual([]);
    expect(await dashboard.calendarRows(db, a, year.from, year.to)).toEqual([]);
    expect(await dashboard.programCounts(db, a)).toMatchObject({ trainingsActive: 0, assessmentsActive: 0 });

    const page = { limit: 50, offset: 0, details: true };
    expect((await reports.reportPeople(db, b, trainingB, page)).total).toBeGreaterThan(0);
    expect(await reports.reportPeople(db, a, trainingB, page)).toEqual({ rows: [], total: 0 });
    const emails = (await employees.membersOfList(db, b, seeded.lists.sales)).map((m) => m.email);
    expect(await reports.programEmployeeIds(db, b, trainingB, emails)).not.toEqual([]);
    expect(await reports.programEmployeeIds(db, a, trainingB, emails)).toEqual([]);
    expect([...(await quizAnswersByTraining(db, a)).keys()]).toEqual([]);
  });

  it("finds none of another company's rows (assessment reports)", async () => {
    const db = t.ctx.db;
    const id = seeded.id;
    const employeeIds = Object.values(seeded.employees);
    expect(await assessmentReports.statsOf(db, b, id)).not.toEqual([]);
    expect(await assessmentReports.reportLists(db, b, id)).not.toEqual([]);
    expect((await assessmentReports.employeeRows(db, b, id, EVERYONE_FILTER, null)).total).toBeGreaterThan(0);
    expect(await assessmentReports.answeringEmployees(db, b, id, employeeIds)).not.toEqual([]);

    expect(await assessmentReports.statsOf(db, a, id)).toEqual([]);
    expect(await assessmentReports.reportLists(db, a, id)).toEqual([]);
    expect((await assessmentReports.participantCounts(db, a, id)).every((c) => c.total === 0)).toBe(true);
    expect((await assessmentReports.areaScoreHistogram(db, a, id, 'phishing')).size).toBe(0);
    expect(await assessmentReports.employeeRows(db, a, id, EVERYONE_FILTER, null)).toEqual({
      rows: [],
      total: 0,
    });
    const pages = [];
    for await (const answers of assessmentReports.answerPages(db, a, id)) pages.push(...answers);
    expect(pages).toEqual([]);
    expect(await assessmentReports.participatingEmployees(db, a, id)).toEqual([]);
    expect(await assessmentReports.answeringEmployees(db, a, id, employeeIds)).toEqual([]);
    expect(await assessmentReports.reminderRows(db, a, id)).toEqual([]);
    expect(await assessmentReports.summaryAssessment(db, a)).toBeUndefined();
    expect(await assessmentReports.companyStanding(db, a)).toEqual([]);
  });

  it("finds and changes none of another company's subject notes", async () => {
    const db = t.ctx.db;
    expect((await content.notesOf(db, b, SUBJECT)).map((n) => n.id)).toEqual([noteB]);
    expect(await content.notesOf(db, a, SUBJECT)).toEqual([]);
    expect(await content.updateNote(db, a, noteB, 'changed')).toBe(false);
    expect(await content.deleteNote(db, a, noteB)).toBe(false);
    expect((await content.notesOf(db, b, SUBJECT)).map((n) => n.content)).toEqual(['B only']);
  });

  it("finds and changes none of another company's pay-per-view rows", async () => {
    const db = t.ctx.db;
    await ppv.insertPpv(db, b, { apiKey: 'pk_tenant_scope_b', trial: false, viewsPurchased: 5 });
    await ppv.setSnippet(db, b, SUBJECT, true);
    await ppv.insertLog(db, b, { eventType: 2, subjectId: SUBJECT });
    await ppv.insertTransaction(db, b, { kind: 'purchase', views: 5, amount: 50, currency: 'EUR' });
    expect(await ppv.ppvOf(db, a)).toBeUndefined();
    expect(await ppv.snippetsOf(db, a)).toEqual([]);
    expect(await ppv.snippetOf(db, a, SUBJECT)).toBeUndefined();
    expect(await ppv.logRows(db, a, {}, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
    expect(await ppv.transactionsOf(db, a)).toEqual([]);
    // Writes with A's scope change nothing of B's: key, domains, views, snippet.
    await ppv.updatePpv(db, a, { apiKey: 'pk_stolen', allowedDomains: ['evil.example'] });
    await ppv.addViewsPurchased(db, a, 1000);
    // B's key with A's scope: no company of A has it, so nothing is counted or logged.
    const view = { subjectId: SUBJECT, viewer: 'v:x', day: '2026-01-01' };
    const entry = { subjectId: SUBJECT, apiKey: 'pk_tenant_scope_b' };
    expect(await ppv.countView(db, a, view, entry, 'limit')).toBe('key_unknown');
    await ppv.setSnippet(db, a, SUBJECT, false);
    expect(await ppv.ppvOf(db, b)).toMatchObject({
      apiKey: 'pk_tenant_scope_b',
      allowedDomains: [],
      viewsPurchased: 5,
      viewsUsed: 0,
    });
    expect(await ppv.snippetOf(db, b, SUBJECT)).toMatchObject({ active: true, views: 0 });
    expect((await ppv.logRows(db, b, {}, { limit: 10, offset: 0 })).total).toBe(1);
    expect(await ppv.countView(db, b, view, entry, 'limit')).toBe('counted');
    expect((await ppv.logRows(db, b, {}, { limit: 10, offset: 0 })).total).toBe(2);
    expect(await ppv.logRows(db, a, {}, { limit: 10, offset: 0 })).toEqual({ rows: [], total: 0 });
  });

  it("finds and changes none of another company's Slack or Teams connection", async () => {
    const db = t.ctx.db;
    await chat.saveConnection(db, b, 'teams', { fields: { tenant: 'contoso.example' }, enabled: true });
    expect(await chat.connectionOf(db, b, 'teams')).toBeDefined();
    expect(await chat.connectionOf(db, a, 'teams')).toBeUndefined();
    expect(await chatConnectionsOf(db, a)).toEqual([]);
    expect(await chat.deleteConnection(db, a, 'teams')).toBe(false);
    expect((await chat.connectionOf(db, b, 'teams'))?.fields).toEqual({ tenant: 'contoso.example' });
    await chat.deleteConnection(db, b, 'teams');
  });

  it("finds and changes none of another company's API keys, webhooks, audit rows or directory rows", async () => {
    const db = t.ctx.db;
    const key = await apiKeys.insertKey(db, b, {
      name: 'B key',
      keyHash: 'b'.repeat(64),
      lastChars: 'bbbb',
      createdBy: (await createManager(db)).id,
    });
    expect((await apiKeys.keysOfCompany(db, b)).map((k) => k.id)).toEqual([key.id]);
    expect(await apiKeys.keysOfCompany(db, a)).toEqual([]);
    expect(await apiKeys.renameKey(db, a, key.id, 'Mine')).toBeUndefined();
    expect(await apiKeys.deleteKey(db, a, key.id)).toBe(false);
    expect((await apiKeys.keysOfCompany(db, b))[0]!.name).toBe('B key');

    const endpoint = await webhooks.insertEndpoint(db, b, {
      url: 'https://b.example/hook',
      events: ['program.started'],
      secret: 'sealed',
    });
    expect(await webhooks.endpointById(db, b, endpoint.id)).toBeDefined();
    expect(await webhooks.endpointById(db, a, endpoint.id)).toBeUndefined();
    expect(await webhooks.endpointsOfCompany(db, a)).toEqual([]);
    expect(await webhooks.deleteEndpoint(db, a, endpoint.id)).toBe(false);
    const [delivery] = await webhooks.insertDeliveries(db, b, endpoint.id, [
      { event: 'program.started', eventKey: 'k', payload: {} },
    ]);
    expect(await webhooks.deliveryWithEndpoint(db, b, delivery!)).toBeDefined();
    expect(await webhooks.deliveryWithEndpoint(db, a, delivery!)).toBeUndefined();
    expect(await webhooks.deliveriesOf(db, a, endpoint.id, 10)).toEqual([]);
    await webhooks.recordAttempt(db, a, delivery!, {
      status: 'failed',
      attempts: 9,
      responseStatus: 1,
      durationMs: 1,
      responseExcerpt: 'x',
      error: null,
      attemptedAt: new Date(),
    });
    expect((await webhooks.deliveriesOf(db, b, endpoint.id, 10))[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    const year = { from: new Date('2000-01-01'), to: new Date('2100-01-01') };
    const happenedB = await webhooks.happenedBetween(db, b, year.from, year.to);
    expect(happenedB.programsStarted.map((p) => p.id)).toContain(trainingB);
    expect(happenedB.assessmentsFinished).not.toEqual([]);
    expect(await webhooks.happenedBetween(db, a, year.from, year.to)).toEqual({
      programsStarted: [],
      programsCompleted: [],
      programsFinished: [],
      assessmentsFinished: [],
      bounced: [],
    });

    await db.insert(auditLog).values({
      companyId: companyB,
      actorKind: 'manager',
      actorId: 'x',
      actorLabel: 'b@b.example',
      action: 'POST /x',
      status: 200,
    });
    expect(await audit.auditRows(db, b, {}, 10)).not.toEqual([]);
    expect(await audit.auditRows(db, a, {}, 10)).toEqual([]);

    const alice = seeded.employees.alice;
    expect(await employees.employeeById(db, b, alice)).toBeDefined();
    expect(await employees.employeeById(db, a, alice)).toBeUndefined();
    const directoryA = (await employees.employeesAfter(db, a, undefined, 100)).map((e) => e.id);
    const directoryB = (await employees.employeesAfter(db, b, undefined, 100)).map((e) => e.id);
    expect(directoryB).toContain(alice);
    expect(directoryA.filter((id) => directoryB.includes(id))).toEqual([]);
    expect(await employees.listMembersAfter(db, b, seeded.lists.sales, undefined, 10)).not.toEqual([]);
    expect(await employees.listMembersAfter(db, a, seeded.lists.sales, undefined, 10)).toEqual([]);
    expect(await employees.updateEmployee(db, a, alice, { name: 'Eve' })).toBe(false);
    expect((await employees.employeeById(db, b, alice))!.name).not.toBe('Eve');
  });

  it("finds and changes none of another company's directory connections, sync runs or SCIM rows", async () => {
    const db = t.ctx.db;
    // B: an Azure AD connection with a run, a SCIM token, a provisioned user and a SCIM group.
    await directory.saveConnection(db, b, 'azure', { enabled: true, rules: [] });
    const syncId = (await directory.insertSync(db, b, 'azure', { trigger: 'manual', startedBy: null }))!;
    expect(await directory.connectionOf(db, b, 'azure')).toBeDefined();
    expect(await directory.connectionOf(db, a, 'azure')).toBeUndefined();
    expect(await directory.connectionsOfCompany(db, a)).toEqual([]);
    expect(await directory.syncById(db, b, syncId)).toBeDefined();
    expect(await directory.syncById(db, a, syncId)).toBeUndefined();
    expect(await directory.syncsOf(db, a, 'azure', 10)).toEqual([]);
    await directory.updateSync(db, a, syncId, { progress: 99, message: 'from A' });
    expect(await directory.syncById(db, b, syncId)).toMatchObject({ progress: 0 });
    expect(await directory.deleteConnection(db, a, 'azure')).toBe(false);
    expect(await directory.connectionOf(db, b, 'azure')).toBeDefined();

    const token = await scim.insertToken(db, b, {
      name: 'B token',
      tokenHash: 'c'.repeat(64),
      lastChars: 'cccc',
      createdBy: managerBId,
    });
    expect((await scim.tokensOfCompany(db, b)).map((k) => k.id)).toEqual([token.id]);
    expect(await scim.tokensOfCompany(db, a)).toEqual([]);
    expect(await scim.revokeToken(db, a, token.id)).toBe(false);
    expect((await scim.tokensOfCompany(db, b))[0]!.revokedAt).toBeNull();

    const alice = (await employees.employeeById(db, b, seeded.employees.alice))!;
    const values = {
      userName: alice.email,
      externalId: 'ext-alice',
      active: true,
      givenName: null,
      familyName: null,
      displayName: null,
      department: null,
    };
    // A's scope cannot provision B's employee; B's can.
    expect(await scim.insertScimUser(db, a, alice.email, values)).toBeUndefined();
    expect(await scim.insertScimUser(db, b, alice.email, values)).toMatchObject({ id: alice.id });
    expect(await scim.scimUserById(db, b, alice.id)).toBeDefined();
    expect(await scim.scimUserById(db, a, alice.id)).toBeUndefined();
    expect((await scim.scimUsersPage(db, a, null, { offset: 0, limit: 10 })).total).toBe(0);
    expect(await scim.scimUserClashing(db, a, { userName: alice.email, email: alice.email })).toBeUndefined();
    expect(await scim.scimUsersAmong(db, a, [alice.id])).toEqual([]);
    await scim.updateScimUser(db, a, alice.id, { ...values, active: false });
    expect(await scim.scimUserById(db, b, alice.id)).toMatchObject({ active: true });

    await scim.insertScimGroup(db, b, seeded.lists.sales, { externalId: 'grp-b' });
    expect(await scim.scimGroupById(db, b, seeded.lists.sales)).toBeDefined();
    expect(await scim.scimGroupById(db, a, seeded.lists.sales)).toBeUndefined();
    expect(await scim.scimMembersOf(db, b, [seeded.lists.sales])).not.toEqual([]);
    expect(await scim.scimMembersOf(db, a, [seeded.lists.sales])).toEqual([]);
    await scim.setGroupExternalId(db, a, seeded.lists.sales, 'from A');
    expect(await scim.scimGroupById(db, b, seeded.lists.sales)).toMatchObject({ externalId: 'grp-b' });

    // The employee queries a directory sync compares and writes with.
    expect((await employees.membersOfLists(db, b, [seeded.lists.sales])).get(seeded.lists.sales)).not.toEqual(
      [],
    );
    expect((await employees.membersOfLists(db, a, [seeded.lists.sales])).get(seeded.lists.sales)).toEqual([]);
    expect(await employees.employeesByEmails(db, a, [alice.email])).toEqual([]);
    const before = (await employees.membersOfList(db, b, seeded.lists.sales)).length;
    await employees.upsertIntoLists(
      db,
      a,
      [{ email: 'mallory@a.example', name: 'Mallory', unit: '', tags: [] }],
      [{ listId: seeded.lists.sales, email: 'mallory@a.example' }],
      'azure',
    );
    expect(await employees.membersOfList(db, b, seeded.lists.sales)).toHaveLength(before);
  });

  it('reads the company of a company route from its path only, never from the header', async () => {
    // A's admin names B in the header of an A route: the route serves A.
    const own = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyA}/lists`,
      headers: { ...bearer(adminA), 'x-company-id': companyB },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(JSON.stringify(own.json())).not.toContain('Sales');
    // B's admin on an A route, naming B in the header: the header is no second chance.
    const other = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyA}/lists`,
      headers: { ...bearer(adminB), 'x-company-id': companyB },
    });
    expect(other.statusCode).toBe(404);
  });

  it('reads the company of a route without one in its path from the header only, never the query', async () => {
    const preview = (query: string, headers: Record<string, string> = {}) =>
      t.inject({
        method: 'GET',
        url: `/api/download/certificate/preview${query}`,
        headers: { ...bearer(adminA), ...headers },
      });
    expect((await preview(`?companyId=${companyA}`)).statusCode).toBe(404);
    const byHeader = await preview('', { 'x-company-id': companyA });
    expect(byHeader.statusCode, byHeader.body).toBe(200);
    expect(byHeader.headers['content-type']).toContain('application/pdf');
    const byPath = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyA}/download/certificate/preview?token=${adminA}`,
    });
    expect(byPath.statusCode, byPath.body).toBe(200);
    // The path wins over a header naming a company the user cannot see.
    const crossed = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyB}/download/certificate/preview`,
      headers: { ...bearer(adminA), 'x-company-id': companyA },
    });
    expect(crossed.statusCode).toBe(404);
  });
});
