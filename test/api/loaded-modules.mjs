// Prints, as JSON, the URL of every module loaded while importing the specifier in argv[2] and,
// when argv[3] names a snapshot file, while calling the module's generate() with it. A
// module.register() load hook posts each URL back; a sentinel import marks the end, since the
// hook thread's messages arrive in order.
import { readFileSync } from "node:fs";
import { register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const SENTINEL = "data:text/javascript,export default 1";
const HOOKS = `data:text/javascript,${encodeURIComponent(`
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) { port.postMessage(url); return next(url, context); }
`)}`;

const { port1, port2 } = new MessageChannel();
const loaded = [];
const done = new Promise((resolve) => {
  port1.on("message", (url) => {
    if (url === SENTINEL) resolve();
    else loaded.push(url);
  });
});
register(HOOKS, import.meta.url, { data: { port: port2 }, transferList: [port2] });
const entry = await import(process.argv[2]);
if (process.argv[3] !== undefined) {
  await entry.generate(JSON.parse(readFileSync(process.argv[3], "utf8")));
}
await import(SENTINEL);
await done;
port1.close();
process.stdout.write(JSON.stringify(loaded));
