/**
 * What `request()` may send on a governed client. `request()` is the raw escape hatch: it sends
 * the method as given and returns the result untouched, `input_required` included. Running the
 * pipeline inside it would change that contract (a hook may replace a result, the rounds of an
 * input request would be answered), and running only part of it would be a bypass with extra
 * steps. So on a governed client it refuses the methods the pipeline governs, before anything is
 * sent, and names the method that runs the pipeline; every other method goes out as asked.
 * A pinned client refuses a raw `tools/call` for the same reason: it would call a tool whose
 * definition was never checked against the pinned one.
 */
import { localError, type McpError } from "../protocol/index.js";

/** The methods the pipeline governs, and the client method that runs it for each. */
const GOVERNED: ReadonlyMap<string, string> = new Map([
  ["tools/call", "callTool"],
  ["tools/list", "listTools"],
  ["prompts/get", "getPrompt"],
  ["resources/read", "readResource"],
]);

/**
 * The refusal of a raw `method` on a governed client, or `undefined` when `request()` may send
 * it. `tools/list` is among them because the selection hides tools from lists too (`listPage`
 * applies it); a raw list would show a model what the selection hides.
 */
export function rawRequestRefusal(method: string): McpError<"input"> | undefined {
  const use = GOVERNED.get(method);
  if (use === undefined) return undefined;
  return localError(
    "input",
    `this client is governed (ConnectOptions.tools, hooks or policy), and request() would send ${method} around that pipeline; nothing was sent. Call client.${use}(…), which runs it`,
    { method },
  );
}

/**
 * The refusal of a raw `tools/call` on a pinned client (`ConnectOptions.pin`): the pin check runs
 * in `callTool`, and a raw call would reach a tool whose definition changed. `undefined` for
 * every other method.
 */
export function pinnedRawRequestRefusal(method: string): McpError<"input"> | undefined {
  if (method !== "tools/call") return undefined;
  return localError(
    "input",
    "this client is pinned (ConnectOptions.pin), and request() would send tools/call without checking the tool's definition against the pinned one; nothing was sent. Call client.callTool(…), which checks it",
    { method },
  );
}
