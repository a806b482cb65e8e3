/**
 * The physical floor of the poll-cost benchmark: a bare undici GET loop of the same records, at the same
 * rate and with the same concurrency cap as the bot, that only reads and parses each answer. Its CPU is
 * read from /proc by the benchmark, exactly like the bot's.
 * Args: --url BASE --token TOKEN --ids FILE (JSON array) --rate PER_SECOND [--concurrency 8].
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
    rate: { type: "string" },
    concurrency: { type: "string", default: "8" },
  },
});
if (!values.url || !values.token || !values.ids || !values.rate) {
  console.error("Usage: floor-poller --url BASE --token TOKEN --ids FILE --rate PER_SECOND [--concurrency 8]");
  process.exit(1);
}
const base = values.url;
const headers = { authorization: `Bearer ${values.token}`, accept: "application/json" };
const ids = JSON.parse(readFileSync(values.ids, "utf8")) as string[];
const rate = Number(values.rate);
const concurrency = Number(values.concurrency);
if (ids.length === 0 || !(rate > 0) || !(concurrency >= 1)) {
  console.error("floor-poller: need at least one id, a positive rate and a concurrency of at least 1");
  process.exit(1);
}

let issued = 0;
let inFlight = 0;
let answered = 0;
let next = 0;
const started = performance.now();

async function getOne(id: string): Promise<void> {
  inFlight++;
  try {
    const res = await request(`${base}/items/images/${id}`, { headers });
    await res.body.json();
  } catch (err) {
    console.error("floor-poller: request failed:", err);
  } finally {
    inFlight--;
    if (++answered === concurrency) console.log("FLOOR_READY");
    pump();
  }
}

function pump(): void {
  const due = Math.floor(((performance.now() - started) / 1000) * rate);
  while (issued < due && inFlight < concurrency) {
    issued++;
    void getOne(ids[next]!);
    next = (next + 1) % ids.length;
  }
}

setInterval(pump, 5);
process.on("SIGTERM", () => process.exit(0));
