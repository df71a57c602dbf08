import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, type SyncAnswer } from '@vigil/shared';
import { systemScope } from '../lib/scope.ts';
import { performSync } from '../modules/directory/directory.service.ts';
import { fakeDirectoryEnv, startFakeDirectory, type FakeDirectory } from '../test/fake-directory.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('realtime', () => {
  let t: TestApp;
  let url: string;
  let fake: FakeDirectory;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    fake = await startFakeDirectory();
    // JOBS 0: a directory sync started over the API is run here, while the socket listens.
    t = await createTestApp('pglite', { ...fakeDirectoryEnv(fake), JOBS: '0' });
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t?.close();
    await fake?.close();
  });

  const open = (token?: string) => {
    const socket = connect(url, {
      path: '/socket.io',
      query: token ? { token } : {},
      transports: ['websocket'],
    });
    sockets.push(socket);
    return socket;
  };

  it('tells a socket without a valid token that it is unauthorized', async () => {
    const socket = open('forged');
    const event = await new Promise<{ message: string }>((resolve) => socket.on('unauthorized', resolve));
    expect(event.message).toMatch(/expired|missing/i);
  });

  it('joins a company room only with access to the company', async () => {
    const db = t.ctx.db;
    const mine = await createCompany(db);
    const other = await createCompany(db);
    const user = await createManager(db);
    await addMember(db, mine.id, user.id, 2);
    const socket = open(await signIn(t, user.id));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    const join = (companyId: string) =>
      new Promise<boolean>((resolve) => socket.emit('company:join', companyId, (ok: boolean) => resolve(ok)));
    expect(await join(mine.id)).toBe(true);
    expect(await join(other.id)).toBe(false);

    const received = new Promise<{ companyId: string }>((resolve) =>
      socket.on('infosec:update_summary', resolve),
    );
    t.app.realtime.to(`company:${mine.id}`).emit('infosec:update_summary', { companyId: mine.id });
    expect(await received).toEqual({ companyId: mine.id });
  });

  it("follows a directory sync's progress in its room, for users of its company only", async () => {
    const db = t.ctx.db;
    const company = await createCompany(db, { subscription: { seats: 100 } });
    const admin = await createManager(db);
    const stranger = await createManager(db);
    await addMember(db, company.id, admin.id, 1);
    await addMember(db, (await createCompany(db)).id, stranger.id, 1);
    const groups = [1, 2, 3].map((n) =>
      fake.addGroup(`Live ${n}`, [fake.addUser({ email: `live${n}@contoso.example`, name: `Live ${n}` }).id]),
    );
    const token = await signIn(t, admin.id);
    const api = (method: 'POST' | 'PUT', path: string, payload: unknown) =>
      t.inject({
        method,
        url: `/api/companies/${company.id}/integrations/azure${path}`,
        headers: bearer(token),
        payload: payload as object,
      });
    await api('POST', '/connect', { ...fake.azure });
    await api('PUT', '/rules', {
      rules: groups.map((g) => ({ externalId: g.id, displayName: g.name, rule: 1 })),
    });
    const { syncId } = (await api('POST', '/sync', {})).json<SyncAnswer>();

    const connected = async (userToken: string) => {
      const socket = open(userToken);
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      return socket;
    };
    const join = (socket: Socket, id: unknown) =>
      new Promise<boolean>((resolve) =>
        socket.emit(SOCKET_EVENTS.integrationJoin, id, (ok: boolean) => resolve(ok)),
      );
    const mine = await connected(token);
    const theirs = await connected(await signIn(t, stranger.id));
    expect(await join(mine, syncId)).toBe(true);
    // Another company's user, an unknown id and a non-string are refused.
    expect(await join(theirs, syncId)).toBe(false);
    expect(await join(mine, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await join(mine, { id: syncId })).toBe(false);

    type Progress = { syncId: string; status: string; progress: number; message: string | null };
    const heard: Progress[] = [];
    const overheard: Progress[] = [];
    mine.on(SOCKET_EVENTS.integrationProgress, (p: Progress) => heard.push(p));
    theirs.on(SOCKET_EVENTS.integrationProgress, (p: Progress) => overheard.push(p));
    const finished = new Promise<void>((resolve) =>
      mine.on(SOCKET_EVENTS.integrationProgress, (p: Progress) => p.status !== 'Running' && resolve()),
    );
    // One group a transaction: the apply phase reports each one.
    await performSync(t.ctx, systemScope(company.id, 'test'), syncId!, { batchRows: 1 });
    await finished;

    expect(heard.every((p) => p.syncId === syncId)).toBe(true);
    const percents = heard.map((p) => p.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b)); // it only moves forward
    expect(new Set(percents).size).toBeGreaterThanOrEqual(5); // reading and applying, step by step
    expect(heard.some((p) => p.message === 'Synced 2 of 3 groups')).toBe(true);
    expect(heard.at(-1)).toMatchObject({ status: 'Success', progress: 100, message: 'Sync finished' });
    expect(overheard).toEqual([]);
  });
});
