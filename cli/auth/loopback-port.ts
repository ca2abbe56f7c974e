/**
 * Keeping a dynamically registered client usable across runs. Its registration names one
 * redirect URI, port included, and an authorization server may insist on exactly that URI
 * (RFC 8252 asks it to allow any loopback port; not all do). So the CLI listens again on the port
 * it registered with, and a registration made for another redirect URI (that port was taken) is
 * treated as absent, so the runtime registers afresh instead of failing at the authorization
 * server.
 */
import type { LoopbackRedirect } from "@mcp-codegen/runtime/node/auth";
import type { RecordStore } from "./oauth-secrets.js";
import { isRegistrationKey } from "./token-keys.js";

/** Where the port of the last registration is kept, in the same store as the tokens. */
const PORT_KEY = "mcp-codegen loopback-port";

/** The field added to a stored registration: the redirect URI it was made for. */
const REDIRECT_FIELD = "mcp_codegen_redirect_uri";

export interface LoopbackRegistrations {
  listener: LoopbackRedirect;
  /** `store`, with registrations tied to the listener's redirect URI. */
  store: RecordStore;
}

/**
 * Listens through `listen` on the remembered port (a free one when none is remembered or it is
 * taken), and wraps `store` so registrations carry the redirect URI they were made for.
 */
export async function loopbackRegistrations(
  store: RecordStore,
  listen: (port: number) => Promise<LoopbackRedirect>,
): Promise<LoopbackRegistrations> {
  const remembered = (await store.get(PORT_KEY))?.port;
  let listener: LoopbackRedirect | undefined;
  if (typeof remembered === "number" && Number.isInteger(remembered) && remembered > 0) {
    // Taken by another program (or another run): a free port and, if needed, a new registration.
    listener = await listen(remembered).catch(() => undefined);
  }
  listener ??= await listen(0);
  const redirectUri = listener.redirectUri;
  const port = Number(new URL(redirectUri).port);
  return {
    listener,
    store: {
      get: async (key) => {
        const record = await store.get(key);
        if (!isRegistrationKey(key) || record === undefined) return record;
        return record[REDIRECT_FIELD] === redirectUri ? record : undefined;
      },
      set: async (key, value) => {
        if (!isRegistrationKey(key)) return store.set(key, value);
        await store.set(key, { ...value, [REDIRECT_FIELD]: redirectUri });
        await store.set(PORT_KEY, { port });
      },
      delete: (key) => store.delete(key),
    },
  };
}
