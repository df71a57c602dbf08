import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import escapeHtml from 'escape-html';
import { SignedXml } from 'xml-crypto';

/**
 * An offline SAML 2.0 identity provider that answers as Azure AD (Entra ID) does: a Response whose
 * Assertion is signed (Azure's default), or whose Response is signed too ("sign response and
 * assertion"), RSA-SHA256 with exclusive C14N, the certificate a self-signed test fixture. The API tests
 * build responses with `response()`; the browser journey uses its pages: GET {url}/{tenant}/saml2 (the
 * HTTP-Redirect binding our server sends people to) shows a "sign in as" form, whose POST answers with
 * the auto-submitting form that POSTs the response to our ACS.
 *
 *   const idp = await startFakeSamlIdp();
 *   // MICROSOFT_LOGIN_URL = idp.url (Azure), or idp.metadata() as a generic provider's metadata
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
export const IDP_KEY = fixture('saml-idp.key.pem');
export const IDP_CERT = fixture('saml-idp.cert.pem');
/** Another key and certificate: a response signed with them must be refused. */
export const OTHER_KEY = fixture('saml-other.key.pem');
export const OTHER_CERT = fixture('saml-other.cert.pem');

/** The Base64 body of a PEM certificate (what Azure's "Certificate (Base64)" .cer holds, PEM-wrapped). */
export const certBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** The request our server sent (read from the SAMLRequest of its redirect). */
export interface ParsedRequest {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string | null;
}

/** Reads the SAMLRequest and RelayState of an HTTP-Redirect binding URL. */
export function parseAuthnRequest(redirectUrl: string): ParsedRequest {
  const url = new URL(redirectUrl);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString(
    'utf8',
  );
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  return {
    id: attr('ID'),
    acsUrl: attr('AssertionConsumerServiceURL'),
    issuer: /<saml:Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? '',
    relayState: url.searchParams.get('RelayState'),
  };
}

export interface ResponseOptions {
  /** InResponseTo (the request's ID); null leaves it out (an unsolicited response). */
  inResponseTo: string | null;
  /** Our ACS: the Response's Destination and the SubjectConfirmationData's Recipient. */
  acsUrl: string;
  audience: string;
  issuer: string;
  email: string;
  name?: string;
  tenantId?: string;
  /** Overrides. */
  destination?: string;
  recipient?: string;
  /** Validity from now, in ms: [notBefore, notOnOrAfter]. */
  window?: [number, number];
  /** 'assertion' (Azure's default) or 'both' (response and assertion). */
  sign?: 'assertion' | 'both' | 'none';
  key?: string;
  cert?: string;
  assertionId?: string;
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function attribute(name: string, value: string) {
  return `<Attribute Name="${name}"><AttributeValue>${escapeHtml(value)}</AttributeValue></Attribute>`;
}

/** The assertion, unsigned (Azure's shape: NameID email, the tenant, email and name claims). */
export function assertionXml(o: ResponseOptions): string {
  const [from, to] = o.window ?? [-60_000, 3_600_000];
  const id = o.assertionId ?? `_${randomUUID()}`;
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  return (
    `<Assertion xmlns="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" IssueInstant="${iso(from)}" Version="2.0">` +
    `<Issuer>${escapeHtml(o.issuer)}</Issuer>` +
    `<Subject><NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escapeHtml(o.email)}</NameID>` +
    `<SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><SubjectConfirmationData${inResponseTo} NotOnOrAfter="${iso(to)}" Recipient="${escapeHtml(o.recipient ?? o.acsUrl)}"/></SubjectConfirmation></Subject>` +
    `<Conditions NotBefore="${iso(from)}" NotOnOrAfter="${iso(to)}"><AudienceRestriction><Audience>${escapeHtml(o.audience)}</Audience></AudienceRestriction></Conditions>` +
    `<AttributeStatement>` +
    (o.tenantId ? attribute('http://schemas.microsoft.com/identity/claims/tenantid', o.tenantId) : '') +
    attribute('http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', o.email) +
    attribute('http://schemas.microsoft.com/identity/claims/displayname', o.name ?? 'Test Person') +
    `</AttributeStatement>` +
    `<AuthnStatement AuthnInstant="${iso(from)}" SessionIndex="${id}"><AuthnContext><AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</AuthnContextClassRef></AuthnContext></AuthnStatement>` +
    `</Assertion>`
  );
}

function sign(xml: string, element: 'Assertion' | 'Response', key: string, cert: string): string {
  const signer = new SignedXml({
    privateKey: key,
    publicCert: cert,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: RSA_SHA256,
  });
  const path = element === 'Assertion' ? "//*[local-name(.)='Assertion']" : "/*[local-name(.)='Response']";
  signer.addReference({ xpath: path, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256 });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `${path}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** A signed assertion alone (to wrap in other documents). */
export function signedAssertion(o: ResponseOptions): string {
  return sign(assertionXml(o), 'Assertion', o.key ?? IDP_KEY, o.cert ?? IDP_CERT);
}

/** A Response around `assertion` (any XML), unsigned. */
export function responseAround(o: ResponseOptions, inner: string): string {
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_${randomUUID()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${escapeHtml(o.destination ?? o.acsUrl)}"${inResponseTo}>` +
    `<Issuer xmlns="urn:oasis:names:tc:SAML:2.0:assertion">${escapeHtml(o.issuer)}</Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    inner +
    `</samlp:Response>`
  );
}

/** The Base64 SAMLResponse of a response built and signed as `o` says. */
export function response(o: ResponseOptions): string {
  const key = o.key ?? IDP_KEY;
  const cert = o.cert ?? IDP_CERT;
  const sig = o.sign ?? 'assertion';
  const assertion = sig === 'none' ? assertionXml(o) : signedAssertion(o);
  let xml = responseAround(o, assertion);
  if (sig === 'both') xml = sign(xml, 'Response', key, cert);
  return Buffer.from(xml).toString('base64');
}

/** An identity provider's metadata for this fake: entity id, HTTP-Redirect sign-in URL, certificate. */
export function idpMetadata(entityId: string, ssoUrl: string, cert = IDP_CERT): string {
  return (
    `<?xml version="1.0"?><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeHtml(entityId)}">` +
    `<IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${certBody(cert)}</X509Certificate></X509Data></KeyInfo></KeyDescriptor>` +
    `<SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeHtml(ssoUrl)}"/>` +
    `</IDPSSODescriptor></EntityDescriptor>`
  );
}

export interface FakeSamlIdp {
  url: string;
  /** The generic provider's entity id and metadata (served at {url}/metadata too). */
  entityId: string;
  metadata(): string;
  close(): Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 4rem auto; padding: 0 1rem"><main>${body}</main></body></html>`;

/**
 * The browser journey's provider. Its sign-in page (Azure's path /{tenant}/saml2, or /sso for the
 * generic provider) asks whom to sign in as; the answer is signed like Azure's (assertion only) and
 * POSTed to the ACS the request named. The Azure tenant id claim is the path's tenant.
 */
export async function startFakeSamlIdp(): Promise<FakeSamlIdp> {
  let base = '';
  const entityId = () => `${base}/idp`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      if (req.method === 'GET' && url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        return res.end(idpMetadata(entityId(), `${base}/sso`));
      }
      const azure = /^\/([^/]+)\/saml2$/.exec(url.pathname);
      if (req.method === 'GET' && (azure || url.pathname === '/sso')) {
        const request = parseAuthnRequest(url.toString());
        const tenant = azure?.[1] ?? '';
        const hidden = (name: string, value: string) =>
          `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Test identity provider',
            `<h1>Test identity provider</h1><p>Sign in to ${escapeHtml(request.issuer)}</p>` +
              `<form method="post" action="/login">` +
              hidden('id', request.id) +
              hidden('acs', request.acsUrl) +
              hidden('audience', request.issuer) +
              hidden('relay', request.relayState ?? '') +
              hidden('tenant', tenant) +
              `<label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" style="width: 100%; padding: .5rem"><br><br>` +
              `<button type="submit" style="padding: .5rem 1rem">Sign in</button></form>`,
          ),
        );
      }
      if (req.method === 'POST' && url.pathname === '/login') {
        const form = await readForm(req);
        const tenant = form.get('tenant') ?? '';
        const samlResponse = response({
          inResponseTo: form.get('id'),
          acsUrl: form.get('acs') ?? '',
          audience: form.get('audience') ?? '',
          issuer: tenant ? `https://sts.windows.net/${tenant}/` : entityId(),
          email: form.get('email') ?? '',
          ...(tenant ? { tenantId: tenant } : {}),
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Signing in',
            `<form id="f" method="post" action="${escapeHtml(form.get('acs') ?? '')}">` +
              `<input type="hidden" name="SAMLResponse" value="${samlResponse}">` +
              `<input type="hidden" name="RelayState" value="${escapeHtml(form.get('relay') ?? '')}">` +
              `<noscript><button type="submit">Continue</button></noscript></form>` +
              `<script>document.getElementById('f').submit()</script>`,
          ),
        );
      }
      res.writeHead(404).end();
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    get entityId() {
      return entityId();
    },
    metadata: () => idpMetadata(entityId(), `${base}/sso`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
