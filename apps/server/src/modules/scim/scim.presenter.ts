import { SCIM_SCHEMAS } from '@vigil/shared';
import type { ScimGroupRow, ScimUserRow } from './scim.queries.ts';

/** RFC 7643 §4.1: a User as the identity provider reads it back (what it sent, and our id). */
export function presentUser(row: ScimUserRow, baseUrl: string) {
  const formatted = row.displayName ?? ([row.givenName, row.familyName].filter(Boolean).join(' ') || null);
  return {
    schemas: [SCIM_SCHEMAS.user, SCIM_SCHEMAS.enterpriseUser],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.userName,
    active: row.active,
    ...(row.displayName !== null ? { displayName: row.displayName } : {}),
    name: {
      ...(formatted !== null ? { formatted } : {}),
      ...(row.givenName !== null ? { givenName: row.givenName } : {}),
      ...(row.familyName !== null ? { familyName: row.familyName } : {}),
    },
    emails: [{ value: row.email, type: 'work', primary: true }],
    [SCIM_SCHEMAS.enterpriseUser]: row.department !== null ? { department: row.department } : {},
    meta: {
      resourceType: 'User',
      created: row.created.toISOString(),
      lastModified: row.updated.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

/** RFC 7643 §4.2: a Group with its members (left out when the request excluded them). */
export function presentGroup(
  row: ScimGroupRow,
  members: { id: string; display: string }[] | null,
  baseUrl: string,
) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members
      ? {
          members: members.map((m) => ({
            value: m.id,
            display: m.display,
            $ref: `${baseUrl}/Users/${m.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: 'Group',
      created: row.created.toISOString(),
      lastModified: (row.updated > row.created ? row.updated : row.created).toISOString(),
      location: `${baseUrl}/Groups/${row.id}`,
    },
  };
}

/** RFC 7644 §3.4.2: one page of resources. */
export const listResponse = (resources: unknown[], total: number, startIndex: number) => ({
  schemas: [SCIM_SCHEMAS.listResponse],
  totalResults: total,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});
