// Public API (/api/v1) list calls at 100 000 employees, over HTTP with a real API key.
// Usage: node --import tsx bench/public-api.ts [--employees 100000] [--requests 200]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/public-api.ts --db postgres
// Server time is read from the Server-Timing header each answer carries (target: ≤ 30 ms at p95).
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { percentile } from './measure.ts';
import { benchCompany, seedEmployees } from './seed.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const employees = Number(values.employees);
const requests = Number(values.requests);

const t = await createTestApp(kind, { API_RATE_LIMIT: '1000000', JOBS: '0' }, { onDisk: true });
try {
  const { company, token } = await benchCompany(t, employees);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
  const manage = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/companies/${company.id}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const list = await manage('POST', '/lists', { name: 'Everyone' });
  await seedEmployees(t.ctx.db, company.id, list.id, employees, ['Finance', 'Sales', 'IT']);
  const key: string = (await manage('POST', '/apikeys', { name: 'Bench' })).value;

  let lastServerMs = 0;
  const v1 = async (url: string) => {
    const res = await fetch(`${origin}/api/v1${url}`, { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    lastServerMs = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    return res.json() as Promise<{ data: unknown[]; next: string | null }>;
  };

  // Cursors deep into the directory: walk it once in pages of 100 and keep every 10th cursor.
  const deep: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < employees / 100; page++) {
    const res = await v1(`/employees?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = res.next;
    if (!cursor) break;
    if (page % 10 === 0) deep.push(cursor);
  }

  const calls: Record<string, (i: number) => string> = {
    employeesFirstPage: () => '/employees?limit=50',
    employeesDeepPage: (i) => `/employees?limit=50&cursor=${deep[i % deep.length]}`,
    lists: () => '/lists',
    listMembersFirstPage: () => `/lists/${list.id}/employees?limit=50`,
    programs: () => '/programs?limit=50',
  };
  const server: Record<string, number[]> = Object.fromEntries(Object.keys(calls).map((k) => [k, []]));
  for (let i = 0; i < requests; i++)
    for (const [name, url] of Object.entries(calls)) {
      const res = await v1(url(i));
      if (name.startsWith('employees') && res.data.length !== 50) throw new Error('short page');
      server[name]!.push(lastServerMs);
    }

  console.log(
    JSON.stringify(
      {
        bench: 'public-api',
        db: kind,
        employees,
        requests,
        walkedPages: deep.length * 10,
        serverP50Ms: Object.fromEntries(Object.entries(server).map(([k, v]) => [k, percentile(v, 50)])),
        serverP95Ms: Object.fromEntries(Object.entries(server).map(([k, v]) => [k, percentile(v, 95)])),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
