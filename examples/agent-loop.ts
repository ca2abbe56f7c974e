/**
 * An agent loop that lets a model call an MCP server's tools, governed by the client: the tools
 * it is offered are selected, every tool but those the application knows to be read-only is put
 * to the user first (`askBeforeUnsafeTools`; the server's own read-only hints are not believed),
 * and results reach the model as bounded text (`shape: "model"`).
 *
 * The model here is a scripted stand-in so the example runs without an API key: swap `nextTurn`
 * for a call to your model with `tools` as its tool list. Run it against the demo server:
 *
 *   node --import tsx examples/agent-loop.ts
 */
import { createInterface } from "node:readline/promises";
import {
  askBeforeUnsafeTools,
  connect,
  isMcpError,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Tool,
} from "@mcp-codegen/runtime";

/** What the model does next: call a tool, or answer the user. */
type Turn = { call: { name: string; arguments: Record<string, unknown> } } | { answer: string };

/** One message of the conversation the model sees. */
interface Message {
  role: "user" | "assistant" | "tool";
  content: string;
}

/** Asks the person at the terminal; anything but "y" or "a" refuses, and so does no terminal. */
async function askUser(request: ApprovalRequest): Promise<ApprovalAnswer> {
  if (!process.stdin.isTTY) return "deny";
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const hints =
      request.definition?.annotations?.destructiveHint === false ? "" : " (destructive)";
    const answer = await terminal.question(
      `Allow ${request.name}${hints} with ${JSON.stringify(request.arguments)}? [y]es / [a]lways / [n]o `,
      { signal: request.signal },
    );
    return answer === "a" ? "always" : answer === "y" ? "allow" : "deny";
  } finally {
    terminal.close();
  }
}

/** A stand-in for the model: looks up the weather, then tries to cancel a booking. */
function nextTurn(messages: readonly Message[], tools: readonly Tool[]): Turn {
  const calls = messages.filter((message) => message.role === "tool").length;
  const offered = new Set(tools.map((tool) => tool.name));
  if (calls === 0 && offered.has("get_weather")) {
    return { call: { name: "get_weather", arguments: { city: "Lisbon", days: 2 } } };
  }
  if (calls === 1 && offered.has("trip.cancel-booking")) {
    return {
      call: { name: "trip.cancel-booking", arguments: { reference: "FL-LIS-OSL-20260612" } },
    };
  }
  return { answer: `Done: ${messages.at(-1)?.content ?? ""}` };
}

const client = await connect(
  {
    command: process.execPath,
    args: ["--import", "tsx", new URL("./demo-server/stdio.ts", import.meta.url).pathname],
  },
  {
    // The model is never offered booking, and cannot call it by guessing its name (not_found).
    tools: { exclude: ["book"] },
    // Read-only by the application's own judgement: a server's readOnlyHint is only a claim.
    policy: askBeforeUnsafeTools(askUser, { readOnlyTools: ["get_weather", "convert_currency"] }),
  },
);

try {
  const tools = await client.listTools();
  const messages: Message[] = [{ role: "user", content: "Check Lisbon, then cancel my flight." }];
  for (let step = 0; step < 10; step++) {
    const turn = nextTurn(messages, tools);
    if ("answer" in turn) {
      console.log(turn.answer);
      break;
    }
    let content: string;
    try {
      // Text for the model: joined, capped, images and blobs summarised instead of inlined.
      content = await client.callTool(turn.call.name, turn.call.arguments, { shape: "model" });
    } catch (error) {
      // The user's refusal (or a hidden tool) goes back to the model as the tool's answer, so
      // it can adapt; anything else is the program's problem.
      if (!isMcpError(error) || (error.kind !== "denied" && error.kind !== "not_found"))
        throw error;
      content = `Not done: ${error.message}`;
    }
    console.log(`${turn.call.name} → ${content}`);
    messages.push({ role: "tool", content });
  }
} finally {
  await client.close();
}
