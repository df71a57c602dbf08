import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { certificateBody } from '@vigil/shared';
import type { ServiceProvider } from './sso.saml.ts';

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  cert: string;
}

const nodes = (expr: string, context: Node) => xpath.select(expr, context) as Node[];
const attr = (node: Node | undefined, name: string) =>
  (node as Element | undefined)?.getAttribute(name)?.trim() ?? '';

/**
 * An identity provider's SAML metadata (EntityDescriptor, or the first of an EntitiesDescriptor): its
 * entity id, its HTTP-Redirect sign-in address and its signing certificate (the first one; a provider
 * rolling its certificate over is saved again). Null when any of them is missing. No DTD or external
 * entity is followed (xmldom resolves none).
 */
export function parseIdpMetadata(xml: string): IdpMetadata | null {
  if (/<!DOCTYPE/i.test(xml)) return null;
  const doc = new DOMParser({ errorHandler: () => undefined }).parseFromString(xml, 'text/xml');
  if (!doc?.documentElement) return null;
  const entity = nodes(
    "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]",
    doc as unknown as Node,
  )[0];
  if (!entity) return null;
  const idp = nodes("*[local-name()='IDPSSODescriptor']", entity)[0]!;
  const sso = nodes("*[local-name()='SingleSignOnService']", idp).find(
    (n) => attr(n, 'Binding') === REDIRECT_BINDING,
  );
  const keys = nodes("*[local-name()='KeyDescriptor']", idp).filter((k) =>
    ['', 'signing'].includes(attr(k, 'use')),
  );
  const certText = keys
    .flatMap((k) => nodes(".//*[local-name()='X509Certificate']", k))
    .map((n) => n.textContent ?? '')[0];
  const cert = certText ? certificateBody(certText) : null;
  const entityId = attr(entity, 'entityID');
  const ssoUrl = attr(sso, 'Location');
  if (!entityId || !cert || !/^https?:\/\//.test(ssoUrl)) return null;
  return { entityId, ssoUrl, cert };
}

/** Our metadata for the identity provider: entity id, the ACS (HTTP-POST) and that we want signed assertions. */
export function serviceProviderMetadata(sp: ServiceProvider): string {
  return generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    wantAssertionsSigned: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
}
