import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoriesResponse,
  ContentBrowserQuery,
  ContentBrowserResponse,
  MaterialItem,
  NoteSave,
  PreviewEvent,
  QuestionDetail,
  QuestionSummary,
  ROLES,
  SubjectDetail,
  TemplateSummary,
  ThreatAreaDefinition,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { mediaSigner } from '../../lib/signed-media.ts';
import { CompanyParams, LangQuery } from '../../http/route-params.ts';
import {
  addNote,
  allCategories,
  companyCategories,
  browseContent,
  companyQuestions,
  editNote,
  materialsOf,
  questionForCompany,
  recordPreviewEvent,
  removeNote,
  subjectForCompany,
  templates,
  threatAreaDefinitions,
} from './content.service.ts';

const SubjectParams = CompanyParams.extend({ subjectId: z.string().max(100) });
const NoteParams = SubjectParams.extend({ noteId: z.string().uuid() });
const Message = z.object({ message: z.string() });

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const signer = mediaSigner(app.ctx.config.secretKey);
  const tags = ['content'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);

  r.get(
    '/categories/all',
    { schema: { tags, querystring: LangQuery, response: { 200: CategoriesResponse } } },
    async (request) => allCategories(db, request.query.lang),
  );

  r.get(
    '/companies/:id/categories',
    {
      preHandler: viewer,
      schema: { tags, params: CompanyParams, querystring: LangQuery, response: { 200: CategoriesResponse } },
    },
    async (request) => companyCategories(db, tenantOf(request), request.query.lang),
  );

  r.get(
    '/companies/:id/subjects/:subjectId',
    {
      preHandler: viewer,
      schema: { tags, params: SubjectParams, querystring: LangQuery, response: { 200: SubjectDetail } },
    },
    async (request) => subjectForCompany(db, tenantOf(request), request.params.subjectId, request.query.lang, signer),
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

  r.post(
    '/companies/:id/subjects/:subjectId/events',
    { preHandler: viewer, schema: { tags, params: SubjectParams, body: PreviewEvent } },
    async (request, reply) => {
      await recordPreviewEvent(db, tenantOf(request), request.params.subjectId, request.body.code);
      return reply.status(204).send();
    },
  );

  r.get(
    '/companies/:id/questions',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: LangQuery,
        response: { 200: z.array(QuestionSummary) },
      },
    },
    async (request) => companyQuestions(db, tenantOf(request), request.query.lang),
  );

  const Keys = LangQuery.extend({
    companyName: z.string().max(150).optional(),
    companyDomain: z.string().max(150).optional(),
    emailHR: z.string().max(100).optional(),
  });
  r.get(
    '/companies/:id/questions/:questionId',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams.extend({ questionId: z.string().max(100) }),
        querystring: Keys,
        response: { 200: QuestionDetail },
      },
    },
    async (request) => {
      const { lang, ...keys } = request.query;
      return questionForCompany(db, tenantOf(request), request.params.questionId, lang, keys);
    },
  );

  r.get(
    '/companies/:id/threat-areas',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: LangQuery,
        response: { 200: z.array(ThreatAreaDefinition) },
      },
    },
    async (request) => threatAreaDefinitions(db, request.query.lang),
  );

  r.get(
    '/companies/:id/templates',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: LangQuery.extend({ kind: z.enum(['training', 'assessment']).optional() }),
        response: { 200: z.array(TemplateSummary) },
      },
    },
    async (request) => templates(db, request.query.kind, request.query.lang),
  );

  for (const kind of ['poster', 'sticker'] as const) {
    r.get(
      `/companies/:id/resources/${kind}s`,
      {
        preHandler: viewer,
        schema: {
          tags,
          params: CompanyParams,
          querystring: LangQuery,
          response: { 200: z.array(MaterialItem) },
        },
      },
      async (request) => materialsOf(db, kind, request.query.lang),
    );
  }

  r.get(
    '/companies/:id/content',
    {
      preHandler: viewer,
      schema: {
        tags,
        params: CompanyParams,
        querystring: ContentBrowserQuery,
        response: { 200: ContentBrowserResponse },
      },
    },
    async (request) => browseContent(db, tenantOf(request), request.query),
  );
}
