// SCIM user provisioning through the real HTTP endpoint, as an identity provider calls it.
// Usage: node --import tsx bench/scim.ts [--existing 10000] [--creates 300]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/scim.ts --db postgres
// A company already holding `existing` employees (imported, not timed) gets `creates` SCIM users one
// after another (POST /scim/v2/Users: token, seats under the seat lock, the everyone list, the audit
// row); then each is deactivated with Entra ID's PATCH (Replace active "False"). Target: create p95
// ≤ 30 ms (server time, Server-Timing) on both databases.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { demoPeople } from '../apps/server/src/modules/demo/demo.data.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany } from './bench-company.ts';
import { percentile } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    existing: { type: 'string', default: '10000' },
    creates: { type: 'string', default: '300' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const existing = Number(values.existing);
const creates = Number(values.creates);

const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const { api } = await benchCompany(t, 'Scim Co', existing + creates * 2);
  const list = await api('POST', '/lists', { name: 'Imported' });
  const records = demoPeople('imported.example', existing).map((p) => `${p.email};${p.name}`);
  if (existing > 0) await api('POST', '/createUsersBatch', { listId: list.id, records, preview: false });
  const token = (await api('POST', '/scim/tokens', { name: 'Bench' })).value as string;

  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/scim/v2`;
  const scim = async (method: string, url: string, body: unknown) => {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(body),
    });
    const clientMs = performance.now() - started;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    const serverMs = Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1] ?? NaN);
    return { body: (await res.json()) as { id: string }, serverMs, clientMs };
  };

  const createServer: number[] = [];
  const createClient: number[] = [];
  const ids: string[] = [];
  for (const [i, p] of demoPeople('scim.example', creates).entries()) {
    const r = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: `ext-${i}`,
      userName: p.email,
      active: true,
      emails: [{ primary: true, type: 'work', value: p.email }],
      name: { givenName: p.name.split(' ')[0], familyName: p.name.split(' ').slice(1).join(' ') },
    });
    createServer.push(r.serverMs);
    createClient.push(r.clientMs);
    ids.push(r.body.id);
  }
  const deactivateServer: number[] = [];
  for (const id of ids) {
    const r = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    deactivateServer.push(r.serverMs);
  }

  console.log(
    JSON.stringify(
      {
        bench: 'scim',
        db: kind,
        existingEmployees: existing,
        creates,
        createServerP50Ms: percentile(createServer, 50),
        createServerP95Ms: percentile(createServer, 95),
        createClientP95Ms: percentile(createClient, 95),
        deactivateServerP50Ms: percentile(deactivateServer, 50),
        deactivateServerP95Ms: percentile(deactivateServer, 95),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
