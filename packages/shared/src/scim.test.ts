import { describe, expect, it } from 'vitest';
import {
  applyUserPatch,
  employeeEmailOf,
  parseScimFilter,
  readGroupPatch,
  ScimPatchBody,
  ScimPatchError,
  ScimUserBody,
  userStateOf,
  type ScimUserState,
} from './scim.ts';

const base: ScimUserState = {
  userName: 'ada@example.com',
  externalId: null,
  active: true,
  givenName: 'Ada',
  familyName: 'Lovelace',
  displayName: null,
  email: 'ada@example.com',
  department: null,
};
const ops = (operations: unknown[]) =>
  ScimPatchBody.parse({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: operations })
    .Operations;

describe('SCIM patch rules', () => {
  it('reads Entra ID’s "False" and "True" strings and capitalised ops', () => {
    expect(applyUserPatch(base, ops([{ op: 'Replace', path: 'active', value: 'False' }])).active).toBe(false);
    expect(
      applyUserPatch({ ...base, active: false }, ops([{ op: 'replace', path: 'active', value: 'True' }]))
        .active,
    ).toBe(true);
    expect(() => applyUserPatch(base, ops([{ op: 'Replace', path: 'active', value: 'nope' }]))).toThrow(
      ScimPatchError,
    );
  });

  it('applies path-less value objects, nested and dotted', () => {
    const next = applyUserPatch(
      base,
      ops([
        { op: 'replace', value: { active: false, 'name.givenName': 'Augusta' } },
        {
          op: 'add',
          value: {
            name: { familyName: 'King' },
            'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'R&D' },
          },
        },
      ]),
    );
    expect(next).toMatchObject({
      active: false,
      givenName: 'Augusta',
      familyName: 'King',
      department: 'R&D',
    });
  });

  it('reads the work email path, ignores attributes it does not keep, and refuses an empty userName', () => {
    const next = applyUserPatch(
      base,
      ops([
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ada.l@example.com' },
        { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: '+1 555' },
        { op: 'Remove', path: 'name.givenName' },
      ]),
    );
    expect(next).toMatchObject({ email: 'ada.l@example.com', givenName: null });
    expect(() => applyUserPatch(base, ops([{ op: 'Replace', path: 'userName', value: '' }]))).toThrow(
      ScimPatchError,
    );
  });

  it('reads group patches: Entra ID members add/remove, Okta rename and filtered remove, replace', () => {
    expect(
      readGroupPatch(
        ops([
          { op: 'Add', path: 'members', value: [{ $ref: null, value: 'u1' }] },
          { op: 'Remove', path: 'members', value: [{ $ref: null, value: 'u2' }] },
          { op: 'replace', value: { id: 'g', displayName: 'New' } },
          { op: 'remove', path: 'members[value eq "u3"]' },
        ]),
      ),
    ).toEqual({ add: ['u1'], remove: ['u2', 'u3'], displayName: 'New' });
    expect(
      readGroupPatch(ops([{ op: 'replace', path: 'members', value: [{ value: 'u4' }] }])).replaceMembers,
    ).toEqual(['u4']);
    expect(() => readGroupPatch(ops([{ op: 'replace', path: 'displayName', value: ' ' }]))).toThrow(
      ScimPatchError,
    );
  });

  it('refuses unknown ops', () => {
    expect(ScimPatchBody.safeParse({ Operations: [{ op: 'move', path: 'x' }] }).success).toBe(false);
  });
});

describe('SCIM users and filters', () => {
  it('takes the primary email, else a userName that is an email, lower-cased', () => {
    const state = userStateOf(
      ScimUserBody.parse({
        userName: 'UPN@corp.example',
        emails: [
          { value: 'other@corp.example', type: 'home' },
          { value: 'Work@Corp.example', primary: 'true' },
        ],
      }),
    );
    expect(employeeEmailOf(state)).toBe('work@corp.example');
    expect(employeeEmailOf(userStateOf(ScimUserBody.parse({ userName: 'Jo@corp.example' })))).toBe(
      'jo@corp.example',
    );
    expect(employeeEmailOf(userStateOf(ScimUserBody.parse({ userName: 'jo' })))).toBeNull();
  });

  it('parses attribute eq "value" and nothing else', () => {
    expect(parseScimFilter('userName eq "a\\"b@x.example"')).toEqual({
      attribute: 'userName',
      value: 'a"b@x.example',
    });
    expect(parseScimFilter('DISPLAYNAME eq "Sales"')).toEqual({ attribute: 'displayName', value: 'Sales' });
    expect(parseScimFilter('userName sw "a"')).toBeNull();
    expect(parseScimFilter('emails.value eq "a"')).toBeNull();
  });
});
