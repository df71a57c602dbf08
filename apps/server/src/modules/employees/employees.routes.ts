import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddUsersRequest,
  AddUsersResponse,
  Company,
  CreateUsersBatchRequest,
  EmployeeDetail,
  EmployeeList,
  EmployeeListsResponse,
  EmployeePage,
  EmployeePageQuery,
  IMPORT_LIMITS,
  ImportResult,
  ListSave,
  PERMISSIONS,
  ROLES,
} from '@vigil/shared';
import { requireCompany, tenantOf } from '../../http/guards.ts';
import { CompanyParams } from '../../http/route-params.ts';
import { companyForTenant, switchTrackingAnonymous } from '../companies/companies.service.ts';
import {
  addUsersToList,
  companyLists,
  createList,
  createUsersBatch,
  deleteUserFromList,
  employeeDetail,
  getList,
  listMembersPage,
  removeList,
  updateList,
} from './employees.service.ts';

const ListParams = CompanyParams.extend({ listId: z.string().uuid() });
const MemberParams = ListParams.extend({ email: z.string().min(1).max(200) });

export async function employeesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['employees'];
  const viewer = requireCompany(ROLES.viewer);
  const admin = requireCompany(ROLES.admin);
  // Team managers (manageUsers) add employees and lists; removing them stays with admins.
  const employeeManager = requireCompany(ROLES.admin, PERMISSIONS.manageUsers);

  r.get(
    '/companies/:id/lists',
    { preHandler: viewer, schema: { tags, params: CompanyParams, response: { 200: EmployeeListsResponse } } },
    async (request) => companyLists(db, tenantOf(request)),
  );

  r.post(
    '/companies/:id/lists',
    {
      preHandler: employeeManager,
      schema: { tags, params: CompanyParams, body: ListSave, response: { 200: EmployeeList } },
    },
    async (request) => createList(db, tenantOf(request), request.body.name),
  );

  r.get(
    '/companies/:id/lists/:listId',
    { preHandler: viewer, schema: { tags, params: ListParams, response: { 200: EmployeeList } } },
    async (request) => getList(db, tenantOf(request), request.params.listId),
  );

  r.put(
    '/companies/:id/lists/:listId',
    {
      preHandler: employeeManager,
      schema: { tags, params: ListParams, body: ListSave, response: { 200: EmployeeList } },
    },
    async (request) => updateList(db, tenantOf(request), request.params.listId, request.body.name),
  );

  r.delete(
    '/companies/:id/lists/:listId',
    { preHandler: admin, schema: { tags, params: ListParams } },
    async (request, reply) => {
      await removeList(db, tenantOf(request), request.params.listId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/companies/:id/lists/:listId/users',
    {
      preHandler: viewer,
      schema: { tags, params: ListParams, querystring: EmployeePageQuery, response: { 200: EmployeePage } },
    },
    async (request) => listMembersPage(db, tenantOf(request), request.params.listId, request.query),
  );

  r.post(
    '/companies/:id/lists/:listId/users',
    {
      preHandler: employeeManager,
      schema: { tags, params: ListParams, body: AddUsersRequest, response: { 200: AddUsersResponse } },
    },
    async (request) => addUsersToList(app.ctx, tenantOf(request), request.params.listId, request.body),
  );

  r.get(
    '/companies/:id/lists/:listId/users/:email',
    { preHandler: viewer, schema: { tags, params: MemberParams, response: { 200: EmployeeDetail } } },
    async (request) => employeeDetail(db, tenantOf(request), request.params.listId, request.params.email),
  );

  r.delete(
    '/companies/:id/lists/:listId/users/:email',
    { preHandler: admin, schema: { tags, params: MemberParams } },
    async (request, reply) => {
      await deleteUserFromList(db, tenantOf(request), request.params.listId, request.params.email);
      return reply.status(204).send();
    },
  );

  r.post(
    '/companies/:id/createUsersBatch',
    {
      preHandler: employeeManager,
      // The raw lines of a file of up to 20 MB, as JSON strings.
      bodyLimit: IMPORT_LIMITS.maxFileBytes + 5 * 1024 * 1024,
      schema: { tags, params: CompanyParams, body: CreateUsersBatchRequest, response: { 200: ImportResult } },
    },
    async (request) => createUsersBatch(app.ctx, tenantOf(request), request.body),
  );

  r.post(
    '/companies/:id/switchTrackingAnonymous',
    {
      preHandler: admin,
      // User logging is a company setting: the audit log keeps it before and after (http/audit.ts).
      config: { auditBefore: (request) => companyForTenant(app.ctx, tenantOf(request)) },
      schema: { tags, params: CompanyParams, response: { 200: Company } },
    },
    async (request) => switchTrackingAnonymous(app.ctx, tenantOf(request)),
  );
}
