/**
 * The physical floor of the poll-cost benchmark: a bare undici GET loop of the same records on the bot's
 * schedule (each record first after interval × (1 + jitter × random), then one interval after each
 * answer) with the same concurrency cap, that only reads and parses each answer. Its CPU is read from
 * /proc by the benchmark, exactly like the bot's.
 * Args: --url=BASE --token=TOKEN --ids=FILE (JSON array) --interval-ms=MS [--jitter=0.2] [--concurrency=8].
 * Prints FLOOR_READY after the first answers; runs until stopped.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { request } from "undici";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    token: { type: "string" },
    ids: { type: "string" },
    "interval-ms": { type: "string" },
    jitter: { type: "string", default: "0.2" },
    concurrency: { type: "string", default: "8" },
  },
});
if (!values.url || !values.token || !values.ids || !values["interval-ms"]) {
  console.error(
    "Usage: floor-poller --url=BASE --token=TOKEN --ids=FILE --interval-ms=MS [--jitter=0.2] [--concurrency=8]",
  );
  process.exit(1);
}
const base = values.url;
const headers = { authorization: `Bearer ${values.token}`, accept: "application/json" };
const intervalMs = Number(values["interval-ms"]);
const jitter = Number(values.jitter);
const concurrency = Number(values.concurrency);
const ids = JSON.parse(readFileSync(values.ids, "utf8")) as string[];
if (ids.length === 0 || !(intervalMs > 0) || !(jitter >= 0) || !(concurrency >= 1)) {
  console.error("floor-poller: need ids, a positive interval, a jitter >= 0 and a concurrency >= 1");
  process.exit(1);
}

/** Records waiting for their next read, in due order (all share one interval, so appending keeps it). */
const due: { id: string; at: number }[] = ids
  .map((id) => ({ id, at: performance.now() + intervalMs * (1 + jitter * Math.random()) }))
  .sort((a, b) => a.at - b.at);
let head = 0;
let inFlight = 0;
let answered = 0;

async function read(id: string): Promise<void> {
  inFlight++;
  try {
    const res = await request(`${base}/items/images/${id}`, { headers });
    await res.body.json();
  } catch (err) {
    console.error("floor-poller: request failed:", err);
  } finally {
    inFlight--;
    due.push({ id, at: performance.now() + intervalMs });
    if (++answered === concurrency) console.log("FLOOR_READY");
    pump();
  }
}

function pump(): void {
  const now = performance.now();
  while (inFlight < concurrency && head < due.length && due[head]!.at <= now) void read(due[head++]!.id);
  if (head > 100_000) {
    due.splice(0, head);
    head = 0;
  }
}

setInterval(pump, 5);
process.on("SIGTERM", () => process.exit(0));
