/**
 * Code mode: instead of one tool per server tool, the model gets two, `search_tools` and
 * `execute_code`, and writes a short program that calls the tools it needs, in a WebAssembly
 * sandbox whose only capability is those calls. Every call goes through the client's governance
 * and code mode's own `approve`; here anything but the read-only tools is refused (there is no
 * person to ask), and the refusal reaches the code as an error it handles.
 *
 * The model is a scripted stand-in so the example runs without an API key: swap `nextTurn` for a
 * call to your model with `codeMode.tools` as its tool list. Run it against the demo server:
 *
 *   node --import tsx examples/code-mode.ts
 */
import { createCodeMode, type CodeModeApprover } from "@mcp-codegen/runtime/code-mode";
import { allTools } from "./trip-planner/all-tools.js";
import { createTripPlannerClient } from "./trip-planner/index.js";

/** What the model does next: call one of its two tools, or answer the user. */
type Turn =
  { tool: "search_tools" | "execute_code"; input: Record<string, string> } | { answer: string };

/** The application's own list: the server's hints are claims, not facts. */
const READ_ONLY = new Set(["getWeather", "convertCurrency", "planTrip"]);

/** No person here: read-only tools are allowed, anything else refused. */
const approve: CodeModeApprover = (request) => (READ_ONLY.has(request.tool) ? "allow" : "deny");

/** A stand-in for the model: searches, writes code, then answers with what the code returned. */
function nextTurn(results: readonly string[]): Turn {
  if (results.length === 0) return { tool: "search_tools", input: { query: "weather forecast" } };
  if (results.length === 1) {
    return {
      tool: "execute_code",
      input: {
        code: `
          const cities: string[] = ["Lisbon", "Oslo", "Kyoto"];
          const forecasts = await Promise.all(
            cities.map((city) => servers.trip.getWeather({ city, days: 1 })),
          );
          const warmest = forecasts
            .map((result, i) => ({ city: cities[i], text: result.content[0]?.type === "text" ? result.content[0].text : "" }))
            .map(({ city, text }) => ({ city, high: Number(/high (-?\\d+) °C/.exec(text)?.[1] ?? NaN) }))
            .sort((a, b) => b.high - a.high)[0];
          console.log("warmest:", warmest.city);
          let cancelled = "not tried";
          try {
            await servers.trip.tripCancelBooking({ reference: "FL-LIS-OSL-20260612" });
            cancelled = "yes";
          } catch (error) {
            cancelled = "refused: " + error.kind;
          }
          return { warmest, cancelled };
        `,
      },
    };
  }
  return { answer: `Done: ${results.at(-1) ?? ""}` };
}

const trip = await createTripPlannerClient({
  command: process.execPath,
  args: ["--import", "tsx", new URL("./demo-server/stdio.ts", import.meta.url).pathname],
});

try {
  const codeMode = await createCodeMode({
    servers: { trip: { client: trip, tools: allTools } },
    approve,
  });
  const results: string[] = [];
  for (let step = 0; step < 5; step++) {
    const turn = nextTurn(results);
    if ("answer" in turn) {
      console.log(turn.answer);
      break;
    }
    const tool = codeMode.tools.find((candidate) => candidate.name === turn.tool);
    if (tool === undefined) throw new Error(`no tool ${turn.tool}`);
    // The text the model reads back: JSON of the matches, or of the run's value, error and logs.
    const text = await tool.callWithArguments(turn.input);
    console.log(`${turn.tool} → ${text.slice(0, 200)}`);
    results.push(text);
  }
} finally {
  await trip.close();
}
