import { SCIM_SCHEMAS } from '@vigil/shared';
import { AppError } from '../../http/errors.ts';

/** RFC 7644 §3.12: the scimType detail codes we answer with. */
export type ScimType =
  'uniqueness' | 'invalidFilter' | 'invalidSyntax' | 'invalidValue' | 'noTarget' | 'mutability';

/** A SCIM failure: its status, its scimType where RFC 7644 names one, and the detail for a person. */
export class ScimError extends AppError {
  constructor(
    status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(status, scimType ?? 'scim', detail);
  }
}

/** RFC 7644 §3.12: the Error resource; `status` is a string there. */
export const scimErrorBody = (status: number, detail: string, scimType?: ScimType) => ({
  schemas: [SCIM_SCHEMAS.error],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/** A unique index refused the write (PostgreSQL 23505), as node-postgres and PGlite report it under Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
