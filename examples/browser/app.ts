/**
 * The generated Trip Planner client in a web page (index.html beside this file): it calls the
 * demo server over Streamable HTTP with the browser's `fetch`, and answers the server's
 * elicitation with a form the user fills in. Bundlers pick the runtime's web build, which
 * imports no Node module. `npm run test:browser` bundles it and drives it in headless Chromium.
 *
 * Serve the demo with `node --import tsx examples/demo-server/http.ts` (it answers CORS) and open
 * the page with `?server=<the URL it prints>`.
 */
import type { ElicitFormParams, ElicitResult } from "@mcp-codegen/runtime";
import { createTripPlannerClient } from "../trip-planner/index.js";

const REFERENCE = "FL-LIS-OSL-20260612";

/** The element with `id`, typed; the page is ours, so a missing one is a bug. */
function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`index.html has no #${id}`);
  return found as T;
}

/**
 * Shows the server's question in the confirmation form and resolves with the user's answer.
 * The demo asks for one boolean, `confirm`; the message and title are the server's text, so
 * they go in as text, never as HTML.
 */
function askUser(params: ElicitFormParams): Promise<ElicitResult> {
  const form = element<HTMLFormElement>("confirm");
  const box = element<HTMLInputElement>("confirm-box");
  const field = params.requestedSchema.properties["confirm"];
  element("question").textContent = params.message;
  element("confirm-label").textContent = field?.title ?? "confirm";
  box.checked = false;
  form.hidden = false;
  return new Promise((resolve) => {
    const done = (result: ElicitResult): void => {
      form.hidden = true;
      form.onsubmit = null;
      element("decline").onclick = null;
      resolve(result);
    };
    form.onsubmit = (event) => {
      event.preventDefault();
      done({ action: "accept", content: { confirm: box.checked } });
    };
    element("decline").onclick = () => done({ action: "decline" });
  });
}

async function main(): Promise<void> {
  const server = new URLSearchParams(location.search).get("server");
  if (server === null) throw new Error("open this page with ?server=<the demo server's URL>");
  const client = await createTripPlannerClient(
    { url: server },
    { handlers: { elicitation: askUser } },
  );
  const money = await client.tools.convertCurrency({ amount: 100, from: "EUR", to: "JPY" });
  element("converted").textContent = money.isError
    ? "(failed)"
    : String(money.structuredContent.converted);

  const cancel = element<HTMLButtonElement>("cancel");
  cancel.disabled = false;
  cancel.onclick = async () => {
    cancel.disabled = true;
    const result = await client.tools.tripCancelBooking({ reference: REFERENCE });
    const [first] = result.content;
    element("result").textContent = result.isError
      ? `${first?.type === "text" ? first.text : "failed"}`
      : `${result.structuredContent.status}: ${result.structuredContent.refund.amount} EUR back`;
    cancel.disabled = false;
  };
}

main().catch((error: unknown) => {
  element("result").textContent =
    `error: ${error instanceof Error ? error.message : String(error)}`;
});
