import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoriesResponse, NoteSave, ROLES, SubjectDetail } from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import {
  addNote,
  allCategories,
  companyCategories,
  editNote,
  removeNote,
  subjectForCompany,
} from './content.service.ts';

const Lang = z.object({
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .default('en'),
});
const CompanyParams = z.object({ id: z.string() });
const SubjectParams = CompanyParams.extend({ subjectId: z.string().max(100) });
const NoteParams = SubjectParams.extend({ noteId: z.string().uuid() });
const Message = z.object({ message: z.string() });

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['content'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/categories/all',
    { schema: { tags, querystring: Lang, response: { 200: CategoriesResponse } } },
    async (request) => allCategories(db, request.query.lang),
  );

  r.get(
    '/companies/:id/categories',
    {
      preHandler: viewer,
      schema: { tags, params: CompanyParams, querystring: Lang, response: { 200: CategoriesResponse } },
    },
    async (request) => companyCategories(db, tenantOf(request), request.query.lang),
  );

  r.get(
    '/companies/:id/subjects/:subjectId',
    {
      preHandler: viewer,
      schema: { tags, params: SubjectParams, querystring: Lang, response: { 200: SubjectDetail } },
    },
    async (request) => subjectForCompany(db, tenantOf(request), request.params.subjectId, request.query.lang),
  );

  r.post(
    '/companies/:id/subjects/:subjectId/notes',
    {
      preHandler: admin,
      schema: { tags, params: SubjectParams, body: NoteSave, response: { 200: Message } },
    },
    async (request) => addNote(db, tenantOf(request), request.params.subjectId, request.body.content),
  );

  r.put(
    '/companies/:id/subjects/:subjectId/notes/:noteId',
    { preHandler: admin, schema: { tags, params: NoteParams, body: NoteSave, response: { 200: Message } } },
    async (request) => editNote(db, tenantOf(request), request.params.noteId, request.body.content),
  );

  r.delete(
    '/companies/:id/subjects/:subjectId/notes/:noteId',
    { preHandler: admin, schema: { tags, params: NoteParams, response: { 200: Message } } },
    async (request) => removeNote(db, tenantOf(request), request.params.noteId),
  );
}
