// The authorization server of the per-user credentials end to end
// (catalog-core/tests/per_user_credentials.rs): panva's `oidc-provider` (npm, the version pinned in
// .ci/e2e.sh), configured here and started by the test.
//
// What is the package's own: the provider, its token endpoint and client authentication
// (client_secret_basic), its grant-type extension point (`Provider#registerGrantType`), its
// access-token model (issuance, opaque token values, storage, expiry) and its introspection
// endpoint (RFC 7662), which both the MCP server's inbound check and the test API use.
//
// What this file configures: three clients (the MCP server, which exchanges and introspects; the
// MCP client the inbound tokens are issued to; the API, which introspects), two resource servers
// (the MCP server and the API), and the RFC 8693 grant handler below: it looks the subject token
// up with the provider's own `AccessToken.find` (so only a live token this server issued is
// accepted), refuses accounts that may not reach the API, and issues a new access token for the
// same account, audience the API, with the provider's `AccessToken` model. Inbound access tokens
// for the test's users are issued at start-up with the same model (a login page has nothing to
// test here) and printed as one JSON line: {"issuer", "tokens": {user: token}}.
//
// Environment: PORT (required), EXCHANGED_TTL (seconds an exchanged token lives, default 60).
import Provider, { errors } from 'oidc-provider';

const port = Number(process.env.PORT);
const exchangedTtl = Number(process.env.EXCHANGED_TTL || 60);
const issuer = `http://127.0.0.1:${port}`;

const MCP_RESOURCE = 'http://mcp.test/mcp';
const API_RESOURCE = 'http://api.test';
const USERS = ['alice', 'bob', 'carol'];
// carol has an account, and a token for the MCP server, but no access to the API.
const API_USERS = new Set(['alice', 'bob']);

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

function resourceServer(identifier) {
  if (identifier === MCP_RESOURCE) {
    return { audience: MCP_RESOURCE, scope: 'mcp', accessTokenFormat: 'opaque', identifier: () => MCP_RESOURCE };
  }
  if (identifier === API_RESOURCE) {
    return {
      audience: API_RESOURCE,
      scope: 'tasks.read tasks.write',
      accessTokenFormat: 'opaque',
      accessTokenTTL: exchangedTtl,
      identifier: () => API_RESOURCE,
    };
  }
  throw new errors.InvalidTarget(`unknown resource ${identifier}`);
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'mcp-server',
      client_secret: 'mcp-server-secret',
      grant_types: [TOKEN_EXCHANGE],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    {
      client_id: 'mcp-client',
      client_secret: 'mcp-client-secret',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
    {
      client_id: 'api',
      client_secret: 'api-secret',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
    },
  ],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => false,
      getResourceServerInfo: (ctx, identifier) => resourceServer(identifier),
    },
  },
  ttl: { AccessToken: (ctx, token) => token.resourceServer?.accessTokenTTL ?? 3600 },
});

async function tokenExchange(ctx) {
  const { params, client } = ctx.oidc;
  if (params.subject_token_type !== ACCESS_TOKEN_TYPE) {
    throw new errors.InvalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
  if (!params.subject_token) {
    throw new errors.InvalidRequest('subject_token is missing');
  }
  const subject = await provider.AccessToken.find(params.subject_token);
  if (!subject || !subject.isValid) {
    throw new errors.InvalidGrant('the subject token is not a live access token of this server');
  }
  const target = params.resource || params.audience;
  if (!target) {
    throw new errors.InvalidTarget('name the API with `resource` or `audience`');
  }
  const server = resourceServer(Array.isArray(target) ? target[0] : target);
  if (!API_USERS.has(subject.accountId)) {
    throw new errors.InvalidGrant(`account ${subject.accountId} has no access to ${server.audience}`);
  }
  const allowed = new Set(server.scope.split(' '));
  const scope = (params.scope || server.scope).split(' ').filter((s) => allowed.has(s)).join(' ');
  const token = new provider.AccessToken({
    accountId: subject.accountId,
    client,
    gty: 'token_exchange',
    scope,
    resourceServer: server,
    expiresIn: exchangedTtl,
  });
  ctx.body = {
    access_token: await token.save(),
    issued_token_type: ACCESS_TOKEN_TYPE,
    token_type: 'Bearer',
    expires_in: token.expiration,
    scope,
  };
}

provider.registerGrantType(
  TOKEN_EXCHANGE,
  tokenExchange,
  ['subject_token', 'subject_token_type', 'audience', 'resource', 'scope', 'requested_token_type'],
  ['audience', 'resource'],
);

const server = provider.listen(port, '127.0.0.1', async () => {
  const mcpClient = await provider.Client.find('mcp-client');
  const tokens = {};
  for (const user of USERS) {
    const token = new provider.AccessToken({
      accountId: user,
      client: mcpClient,
      scope: 'mcp',
      resourceServer: resourceServer(MCP_RESOURCE),
    });
    tokens[user] = await token.save();
  }
  process.stdout.write(`${JSON.stringify({ issuer, tokens })}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
