/**
 * The one shape every benchmarked client is wrapped in, so the measuring loop is the same code
 * for all of them and only the client under test differs.
 */

/** A connected client that can call the echo tool. */
export interface BenchClient {
  /** Calls `tools/call` `echo` with `{ i }` and resolves with the result's `structuredContent`. */
  call(i: number): Promise<unknown>;
  close(): Promise<void>;
}

/** The clients compared, in table order. */
export const CLIENT_NAMES = ["runtime", "official", "floor"] as const;
export type ClientName = (typeof CLIENT_NAMES)[number];

/**
 * Clients reported beside the table but not part of the target: `fetch` is this runtime over
 * `createFetchHttpTransport` (what browsers, Workers, Deno and Bun use), measured on Node to show
 * what the fetch I/O costs next to the undici one; `pinned` is this runtime connected with
 * `pin: true`, to show what checking the pinned contract costs against the same client without.
 */
export const EXTRA_CLIENT_NAMES = ["fetch", "pinned"] as const;
export type ExtraClientName = (typeof EXTRA_CLIENT_NAMES)[number];

/** The transports compared, in table order. */
export const TRANSPORT_NAMES = ["stdio", "http"] as const;
export type TransportName = (typeof TRANSPORT_NAMES)[number];

/** Where each extra client runs, and the client its throughput is a ratio of. */
export const EXTRA_CLIENTS: Readonly<
  Record<ExtraClientName, { transports: readonly TransportName[]; against: ClientName }>
> = {
  fetch: { transports: ["http"], against: "floor" },
  pinned: { transports: ["stdio", "http"], against: "runtime" },
};

/** The extra clients a transport's cases run, in table order. */
export function extraClientsOf(transport: TransportName): ExtraClientName[] {
  return EXTRA_CLIENT_NAMES.filter((name) => EXTRA_CLIENTS[name].transports.includes(transport));
}

/** Where the echo server is: a command to spawn, or a URL. */
export interface EchoTarget {
  stdio: { command: string; args: string[] };
  url: string;
}

/**
 * Checks once per client, outside the timed loop, that calls really round-trip: a client that
 * answered without reaching the server would otherwise look impossibly fast.
 */
export async function verifyEcho(name: string, client: BenchClient): Promise<void> {
  const echoed = (await client.call(7)) as { i?: unknown } | undefined;
  if (echoed?.i !== 7) {
    throw new Error(`${name}: the echo call returned ${JSON.stringify(echoed)}, not { i: 7 }`);
  }
}
