import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorPayload } from '@vigil/shared';

/** A failure a service reports; one handler turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
    readonly errors?: string[],
  ) {
    super(description ?? error);
  }

  payload(): ErrorPayload {
    return {
      error: this.error,
      ...(this.description ? { description: this.description } : {}),
      ...(this.errors ? { errors: this.errors.map((message) => ({ message })) } : {}),
    };
  }
}

export const Unauthorized = (description = 'Please sign in.') =>
  new AppError(401, 'Unauthorized', description);
export const Forbidden = (description = 'You do not have permission to do this.') =>
  new AppError(403, 'Forbidden', description);
export const NotFound = (description = 'Not found.') => new AppError(404, 'Not Found', description);
export const Invalid = (messages: string[]) => new AppError(400, 'Bad Request', undefined, messages);
export const Conflict = (description: string) => new AppError(409, 'Conflict', description);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(err.payload());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply
        .status(400)
        .send({ error: 'Bad Request', errors: messages.map((message) => ({ message })) });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        error: 'Too Many Requests',
        description: 'Too many attempts. Please wait a minute and try again.',
      });
    }
    if (status === 413) {
      return reply.status(413).send({ error: 'Payload Too Large', description: 'The upload is too large.' });
    }
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send({ error: 'Internal Server Error', description: 'Something went wrong on our side.' });
    }
    return reply
      .status(status)
      .send({ error: err.name === 'FastifyError' ? err.code : err.name, description: err.message });
  });
}
