// Catalogue figures with the full default pack: server time of the catalogue, subject and question calls.
// Usage: node --import tsx bench/catalog.ts [--db postgres] [--requests 200]
//        (with TEST_DATABASE_URL set for --db postgres)
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { addMember, createCompany, createManager, signIn } from '../apps/server/src/test/factories.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { percentile } from './measure.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, requests: { type: 'string', default: '200' } },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const requests = Number(values.requests);

// The server imports the repository's content pack at start-up, as npm start does.
const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const company = await createCompany(t.ctx.db, { name: 'Catalogue Co' });
  const admin = await createManager(t.ctx.db);
  await addMember(t.ctx.db, company.id, admin.id, 1);
  const token = await signIn(t, admin.id);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}`;
  const serverMs = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
    return Number(res.headers.get('server-timing')?.match(/dur=([\d.]+)/)?.[1]);
  };
  const categories = await (
    await fetch(`${base}/categories`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const subjectIds = categories.flatMap((c: { subjects: { id: string }[] }) => c.subjects.map((s) => s.id));
  const times: Record<string, number[]> = { categories: [], subject: [], questions: [], content: [] };
  for (let i = 0; i < requests; i++) {
    times.categories!.push(await serverMs(`/categories?lang=${i % 2 ? 'de' : 'en'}`));
    times.subject!.push(await serverMs(`/subjects/${subjectIds[i % subjectIds.length]}`));
    times.questions!.push(await serverMs('/questions'));
    times.content!.push(await serverMs('/content'));
  }
  console.log(
    JSON.stringify(
      {
        bench: 'catalog',
        db: kind,
        subjects: subjectIds.length,
        requests,
        serverP95Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 95)])),
        serverP50Ms: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentile(v, 50)])),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
