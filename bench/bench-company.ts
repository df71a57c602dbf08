// A company with an admin on the bench's server, and a client that calls its API over HTTP with the
// admin's session and keeps the server time (Server-Timing) of the last call.
import type { AddressInfo } from 'node:net';
import { addMember, createCompany, createManager, signIn } from '../apps/server/src/test/factories.ts';
import type { TestApp } from '../apps/server/src/test/harness.ts';

export async function benchCompany(t: TestApp, name: string, seats: number) {
  const company = await createCompany(t.ctx.db, { name, subscription: { seats } });
  const admin = await createManager(t.ctx.db);
  await addMember(t.ctx.db, company.id, admin.id, 1);
  const token = await signIn(t, admin.id);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}`;
  let lastServerMs = 0;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    lastServerMs = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    return res.json();
  };
  return { company, api, serverMs: () => lastServerMs };
}
