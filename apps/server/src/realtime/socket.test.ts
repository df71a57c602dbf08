import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createCompany, createManager, signIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

describe('realtime', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t?.close();
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
});
