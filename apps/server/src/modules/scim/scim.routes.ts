import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  SCIM_CONTENT_TYPE,
  SCIM_MESSAGES,
  ScimGroupBody,
  ScimListQuery,
  ScimPatchBody,
  ScimUserBody,
} from '@vigil/shared';
import { AppError } from '../../http/errors.ts';
import { tenantOf } from '../../http/guards.ts';
import { authenticateScimToken } from '../../http/scim-token.ts';
import { resourceTypes, schemas, serviceProviderConfig } from './scim.discovery.ts';
import { ScimError, scimErrorBody } from './scim.errors.ts';
import { listResponse } from './scim.presenter.ts';
import {
  createGroup,
  createUser,
  deleteGroup,
  deleteUser,
  getGroup,
  getUser,
  listGroups,
  listUsers,
  patchGroup,
  patchUser,
  replaceGroup,
  replaceUser,
  scimBaseUrl,
} from './scim.service.ts';

type IdParams = { Params: { id: string } };

/** A body or query read with its shared schema; what does not fit is a SCIM 400 (invalidValue). */
function read<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
      .join('; ');
    throw new ScimError(400, `${SCIM_MESSAGES.invalidBody} ${detail}`, 'invalidValue');
  }
  return parsed.data;
}

/** Any failure as RFC 7644's Error resource. */
function sendScimError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ScimError)
    return reply.status(err.status).send(scimErrorBody(err.status, err.message, err.scimType));
  if (err instanceof AppError) {
    // The seat limit (409 limit_reached elsewhere) is the plan's refusal here, not a uniqueness clash.
    const status = err.error === 'limit_reached' ? 403 : err.status;
    if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    const detail = err.description ?? err.errors?.join(' ') ?? err.error;
    return reply.status(status).send(scimErrorBody(status, detail));
  }
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'SCIM request failed');
    return reply.status(status).send(scimErrorBody(status, 'Something went wrong on our side.'));
  }
  // A body that is not JSON, or is empty where one is needed.
  return reply
    .status(status)
    .send(scimErrorBody(status, err.message, status === 400 ? 'invalidSyntax' : undefined));
}

/**
 * SCIM 2.0 (RFC 7644) under /scim/v2, outside /api: the bearer SCIM token is the principal and names
 * the company (http/scim-token.ts); bodies are application/scim+json (plain JSON is read too) and every
 * answer is application/scim+json, errors as SCIM Error resources. Changes are audit-logged as the token.
 */
export async function scimRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const baseUrl = scimBaseUrl(ctx);
  // Fastify's JSON parser (prototype poisoning refused), but an empty body is no body: identity
  // providers send their content type on DELETE too.
  const json = app.getDefaultJsonParser('error', 'error');
  const parser: typeof json = (request, body, done) =>
    body === '' || body.length === 0 ? done(null, undefined) : json(request, body, done);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', SCIM_CONTENT_TYPE], { parseAs: 'string' }, parser);
  app.addHook('onRequest', authenticateScimToken);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      reply.header('content-type', `${SCIM_CONTENT_TYPE}; charset=utf-8`);
    return payload;
  });
  app.setErrorHandler(sendScimError);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(scimErrorBody(404, 'Not found.')));

  app.get('/ServiceProviderConfig', async () => serviceProviderConfig(baseUrl));
  app.get('/ResourceTypes', async () => listResponse(resourceTypes(baseUrl), 2, 1));
  app.get<IdParams>('/ResourceTypes/:id', async (request) => {
    const found = resourceTypes(baseUrl).find((t) => t.id === request.params.id);
    if (!found) throw new ScimError(404, 'Not found.');
    return found;
  });
  app.get('/Schemas', async () => listResponse(schemas(baseUrl), 3, 1));
  app.get<IdParams>('/Schemas/:id', async (request) => {
    const found = schemas(baseUrl).find((s) => s.id === request.params.id);
    if (!found) throw new ScimError(404, 'Not found.');
    return found;
  });

  app.get('/Users', async (request) => listUsers(ctx, tenantOf(request), read(ScimListQuery, request.query)));
  app.post('/Users', async (request, reply) => {
    const user = await createUser(ctx, tenantOf(request), read(ScimUserBody, request.body));
    return reply.status(201).header('location', user.meta.location).send(user);
  });
  app.get<IdParams>('/Users/:id', async (request) => getUser(ctx, tenantOf(request), request.params.id));
  app.put<IdParams>('/Users/:id', async (request) =>
    replaceUser(ctx, tenantOf(request), request.params.id, read(ScimUserBody, request.body)),
  );
  app.patch<IdParams>('/Users/:id', async (request) =>
    patchUser(ctx, tenantOf(request), request.params.id, read(ScimPatchBody, request.body)),
  );
  app.delete<IdParams>('/Users/:id', async (request, reply) => {
    await deleteUser(ctx, tenantOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/Groups', async (request) =>
    listGroups(ctx, tenantOf(request), read(ScimListQuery, request.query)),
  );
  app.post('/Groups', async (request, reply) => {
    const group = await createGroup(ctx, tenantOf(request), read(ScimGroupBody, request.body));
    return reply.status(201).header('location', group.meta.location).send(group);
  });
  app.get<IdParams>('/Groups/:id', async (request) =>
    getGroup(ctx, tenantOf(request), request.params.id, read(ScimListQuery, request.query)),
  );
  app.put<IdParams>('/Groups/:id', async (request) =>
    replaceGroup(ctx, tenantOf(request), request.params.id, read(ScimGroupBody, request.body)),
  );
  app.patch<IdParams>('/Groups/:id', async (request, reply) => {
    await patchGroup(ctx, tenantOf(request), request.params.id, read(ScimPatchBody, request.body));
    return reply.status(204).send();
  });
  app.delete<IdParams>('/Groups/:id', async (request, reply) => {
    await deleteGroup(ctx, tenantOf(request), request.params.id);
    return reply.status(204).send();
  });
}
