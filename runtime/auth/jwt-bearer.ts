/**
 * The RFC 7523 JWT-bearer grant for workload identity federation: the workload's platform-issued
 * JWT is the `assertion`, the client authenticates with nothing else (`none`). The assertion is a
 * credential: it never reaches a message.
 */
import * as oauth from "oauth4webapi";
import { describeOAuthFailure } from "./auth-failure.js";
import type { ClientIdentity } from "./client-identity.js";
import type { OAuthWorkloadIdentity } from "./oauth-options.js";
import type { TokenRecord } from "./token-record.js";
import { clientAuth, exchange, requestOptions, toClient } from "./token-endpoint.js";
import type { GrantContext } from "./token-endpoint.js";

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export function workloadIdentity(options: OAuthWorkloadIdentity): ClientIdentity {
  return { clientId: options.clientId, authMethod: "none" };
}

/** Trades a JWT (`read`, named `what` in messages) for an access token for `resource`. */
export async function jwtBearerGrant(
  context: GrantContext,
  read: () => string | Promise<string>,
  what: string,
  scope: string | undefined,
): Promise<TokenRecord> {
  const { server, client } = context;
  let assertion: string;
  try {
    assertion = await read();
  } catch (error) {
    throw describeOAuthFailure(context.trigger, `reading ${what}`, error);
  }
  // This grant takes its parameters here; `additionalParameters` of the options is not sent.
  const parameters = new URLSearchParams({ assertion, resource: context.resource });
  if (scope !== undefined) parameters.set("scope", scope);
  const { additionalParameters: _sentAbove, ...sendOptions } = requestOptions(context);
  return exchange(
    context,
    scope,
    () =>
      oauth.genericTokenEndpointRequest(
        server,
        toClient(client),
        clientAuth(client),
        JWT_BEARER,
        parameters,
        sendOptions,
      ),
    (response) => oauth.processGenericTokenEndpointResponse(server, toClient(client), response),
    undefined,
  );
}
