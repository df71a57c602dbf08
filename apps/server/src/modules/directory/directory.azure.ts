import {
  DirectoryError,
  fetchWithRetry,
  type DirectorySource,
  type DirectoryUser,
} from './directory.source.ts';

export interface AzureCredentials {
  tenant: string;
  clientId: string;
  clientSecret: string;
}

export interface AzureEndpoints {
  /** MICROSOFT_LOGIN_URL, e.g. https://login.microsoftonline.com */
  loginUrl: string;
  /** MICROSOFT_GRAPH_URL, e.g. https://graph.microsoft.com */
  graphUrl: string;
}

const USER_FIELDS = 'id,displayName,mail,userPrincipalName,department,accountEnabled';

interface GraphUser {
  '@odata.type'?: string;
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  department?: string | null;
  accountEnabled?: boolean | null;
}

interface GraphPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
}

/** The error a Graph or token answer carries: {error:{code,message}} or {error, error_description}. */
async function refusal(response: Response, what: string): Promise<DirectoryError> {
  const text = await response.text().catch(() => '');
  let code = `http_${response.status}`;
  let message = text.slice(0, 300) || response.statusText;
  try {
    const body = JSON.parse(text) as {
      error?: string | { code?: string; message?: string };
      error_description?: string;
    };
    if (typeof body.error === 'object' && body.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
    } else if (typeof body.error === 'string') {
      code = body.error;
      message = body.error_description?.split('\n')[0] ?? body.error;
    }
  } catch {
    // not JSON: the text is the message
  }
  return new DirectoryError(`${what}: ${message}`, response.status, code, text.slice(0, 2000));
}

/**
 * Azure AD (Entra ID) through Microsoft Graph with fetch: a client-credentials token from
 * {loginUrl}/{tenant}/oauth2/v2.0/token (scope {graph}/.default), then /v1.0/groups and
 * /v1.0/groups/{id}/transitiveMembers, following @odata.nextLink exactly. A 401
 * (InvalidAuthenticationToken: the token expired) takes a new token once; 429 waits Retry-After.
 */
export function azureSource(credentials: AzureCredentials, endpoints: AzureEndpoints): DirectorySource {
  const graph = endpoints.graphUrl.replace(/\/+$/, '');
  let token: { value: string; expires: number } | null = null;

  /** A sign-in under way, shared by the group reads running at the same time. */
  let signingIn: Promise<string> | null = null;

  async function accessToken(fresh = false): Promise<string> {
    if (!fresh && token && token.expires > Date.now() + 60_000) return token.value;
    signingIn ??= signIn().finally(() => (signingIn = null));
    return signingIn;
  }

  async function signIn(): Promise<string> {
    const url = `${endpoints.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(credentials.tenant)}/oauth2/v2.0/token`;
    const response = await fetchWithRetry(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
        grant_type: 'client_credentials',
      }).toString(),
    });
    if (!response.ok) throw await refusal(response, 'Sign-in failed');
    const body = (await response.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, expires: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
    // Only Graph itself is called (a nextLink, or a skip token from the browser, names it).
    if (!url.startsWith(`${graph}/`)) throw new DirectoryError('Not a Graph address', 400, 'bad_link', url);
    for (let attempt = 0; ; attempt++) {
      const response = await fetchWithRetry(url, {
        headers: {
          authorization: `Bearer ${await accessToken(attempt > 0)}`,
          accept: 'application/json',
          ...headers,
        },
      });
      if (response.status === 401 && attempt === 0) {
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw await refusal(response, 'Microsoft Graph refused');
      return (await response.json()) as T;
    }
  }

  return {
    async test() {
      await get(`${graph}/v1.0/groups?$top=1&$select=id`);
    },

    async listGroups({ search, next, top }) {
      let url = next;
      const headers: Record<string, string> = {};
      if (search) headers.ConsistencyLevel = 'eventual';
      if (!url) {
        const params = new URLSearchParams({ $select: 'id,displayName,mail', $top: String(top) });
        if (search) {
          params.set('$search', `"displayName:${search.replace(/"/g, '')}"`);
          params.set('$count', 'true');
        } else params.set('$orderby', 'displayName');
        url = `${graph}/v1.0/groups?${params.toString()}`;
      }
      const page = await get<GraphPage<{ id: string; displayName?: string | null; mail?: string | null }>>(
        url,
        headers,
      );
      return {
        groups: page.value.map((g) => ({
          id: g.id,
          displayName: g.displayName ?? g.id,
          email: g.mail ?? null,
          usersCount: null,
        })),
        next: page['@odata.nextLink'] ?? null,
      };
    },

    async membersOf(groupId) {
      const users: DirectoryUser[] = [];
      let url: string | undefined =
        `${graph}/v1.0/groups/${encodeURIComponent(groupId)}/transitiveMembers?$select=${USER_FIELDS}&$top=999`;
      while (url) {
        const page: GraphPage<GraphUser> = await get<GraphPage<GraphUser>>(url);
        for (const u of page.value) {
          // transitiveMembers lists nested groups and devices too; only users are employees.
          if (u['@odata.type'] && u['@odata.type'] !== '#microsoft.graph.user') continue;
          const email = (u.mail || u.userPrincipalName || '').toLowerCase();
          if (!email) continue;
          users.push({
            id: u.id,
            email,
            name: u.displayName ?? '',
            department: u.department ?? '',
            enabled: u.accountEnabled !== false,
          });
        }
        url = page['@odata.nextLink'];
      }
      return users;
    },
  };
}
