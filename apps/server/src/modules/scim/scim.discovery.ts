import { SCIM_MAX_PAGE, SCIM_SCHEMAS } from '@vigil/shared';

/**
 * RFC 7643 §5–7: what this service provider supports, its resource types and the schemas of the
 * attributes it keeps. Identity providers read these once when an admin connects them.
 */

export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: [SCIM_SCHEMAS.serviceProviderConfig],
  documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_PAGE },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A SCIM token made in Settings › Integrations › SCIM, sent as Authorization: Bearer.',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

export const resourceTypes = (baseUrl: string) => [
  {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'An employee provisioned from the directory',
    schema: SCIM_SCHEMAS.user,
    schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  },
  {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'An employee list owned by the directory',
    schema: SCIM_SCHEMAS.group,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
  },
];

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  subAttributes?: Attribute[];
};

const attribute = (a: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...a,
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const schemaResource = (baseUrl: string, id: string, name: string, attributes: Attribute[]) => ({
  schemas: [SCIM_SCHEMAS.schema],
  id,
  name,
  attributes: attributes.map(attribute),
  meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
});

export const schemas = (baseUrl: string) => [
  schemaResource(baseUrl, SCIM_SCHEMAS.user, 'User', [
    { name: 'userName', type: 'string', required: true, uniqueness: 'server' },
    { name: 'externalId', type: 'string', caseExact: true },
    {
      name: 'name',
      type: 'complex',
      subAttributes: [
        { name: 'formatted', type: 'string' },
        { name: 'givenName', type: 'string' },
        { name: 'familyName', type: 'string' },
      ],
    },
    { name: 'displayName', type: 'string' },
    { name: 'active', type: 'boolean' },
    {
      name: 'emails',
      type: 'complex',
      multiValued: true,
      subAttributes: [
        { name: 'value', type: 'string' },
        { name: 'type', type: 'string' },
        { name: 'primary', type: 'boolean' },
      ],
    },
  ]),
  schemaResource(baseUrl, SCIM_SCHEMAS.enterpriseUser, 'EnterpriseUser', [
    { name: 'department', type: 'string' },
  ]),
  schemaResource(baseUrl, SCIM_SCHEMAS.group, 'Group', [
    { name: 'displayName', type: 'string', required: true, uniqueness: 'server' },
    { name: 'externalId', type: 'string', caseExact: true },
    {
      name: 'members',
      type: 'complex',
      multiValued: true,
      subAttributes: [
        { name: 'value', type: 'string', mutability: 'immutable' },
        { name: 'display', type: 'string', mutability: 'readOnly' },
        { name: '$ref', type: 'reference', mutability: 'immutable' },
      ],
    },
  ]),
];
