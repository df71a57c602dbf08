import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SsoAudience, SsoProvider } from '@vigil/shared';
import { companies } from './companies.ts';

/**
 * A company's SAML identity provider (one per company): Azure (spec 3's azuresso: tenant, cert, appName,
 * domain, enabled) or a provider read from its metadata. The certificate is the provider's public
 * signing certificate (Base64 DER), pinned: nothing else signs a response we accept. An email domain
 * belongs to one company at most.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SsoProvider>().notNull(),
    /** Azure's tenant (id or domain); empty for another provider. */
    tenant: text('tenant').notNull().default(''),
    /** The identity provider's entity id: the Issuer its assertions must carry. */
    idpEntityId: text('idp_entity_id').notNull(),
    /** Where the browser is sent with the request (HTTP-Redirect binding). */
    ssoUrl: text('sso_url').notNull(),
    cert: text('cert').notNull(),
    /** Our entity id as the provider knows it: the request's Issuer and the assertions' Audience. */
    appName: text('app_name').notNull(),
    domain: text('domain').notNull(),
    metadataUrl: text('metadata_url').notNull().default(''),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_connections_domain_uq').on(t.domain)],
);

/**
 * The requests we sent to identity providers, kept until their answer or their expiry: a response is
 * accepted only InResponseTo one of them, once (node-saml's cache provider, here in the database so
 * that any server process can take the answer). Each names its company and who it is for.
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    audience: text('audience').$type<SsoAudience>().notNull(),
    /** The app path to open after the sign-in (relative). */
    relay: text('relay').notNull().default('/'),
    /** node-saml's value: the request's IssueInstant. */
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_requests_expiry_idx').on(t.expiresAt)],
);

/** Assertions already used to sign in, kept until they expire: each is accepted once (replay). */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assertionId] }),
    index('sso_assertions_expiry_idx').on(t.expiresAt),
  ],
);
