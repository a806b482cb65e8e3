/**
 * The pool's gauges, read at each scrape: per ImagineAPI server (labelled by its name) its slots, the slots
 * in use, whether it answers and whether it rests after failed creates, its state (one of
 * {@link SERVER_STATES}: held after an account notice, resting, at its daily budget…) and its creates of the
 * last 24 hours; and the jobs waiting in the bot's line.
 */
import { Gauge, type Registry } from "prom-client";

/** One server at scrape time. */
export interface PoolServerReading {
  readonly name: string;
  readonly slots: number;
  readonly inUse: number;
  /** Its last status check got an answer. */
  readonly up: boolean;
  readonly backingOff: boolean;
  /** What it does now (one of {@link SERVER_STATES}). Default: not reported. */
  readonly state?: ServerState;
  /** Creates sent to it in the last 24 hours. */
  readonly createsToday?: number;
}

/**
 * A server's state as the metrics report it: `working` (takes jobs), `held` (after a notice about its
 * account), `resting` (its rest hours), `budget` (its daily budget spent), `gap` (between two creates),
 * `backing-off` (after failed creates), `not-working` (its status refuses jobs), `not-answering`.
 */
export const SERVER_STATES = [
  "working",
  "held",
  "resting",
  "budget",
  "gap",
  "backing-off",
  "not-working",
  "not-answering",
] as const;
export type ServerState = (typeof SERVER_STATES)[number];

/** The pool at scrape time. */
export interface PoolReading {
  readonly servers: readonly PoolServerReading[];
  readonly waiting: number;
}

/** Registers the pool's gauges in `registry`; each scrape calls `read` once per gauge. */
export function registerPoolMetrics(registry: Registry, read: () => PoolReading): void {
  const registers = [registry];
  const perServer = (name: string, help: string, value: (s: PoolServerReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["server"],
      registers,
      collect() {
        this.reset();
        for (const server of read().servers) this.set({ server: server.name }, value(server));
      },
    });
  perServer(
    "imagine_server_slots",
    "Jobs the ImagineAPI server runs at once (IMAGINE_API_SLOTS).",
    (s) => s.slots,
  );
  perServer("imagine_server_slots_in_use", "Jobs running on the ImagineAPI server now.", (s) => s.inUse);
  perServer(
    "imagine_server_up",
    "Whether the server's last status check got an answer (1) or not (0).",
    (s) => (s.up ? 1 : 0),
  );
  perServer(
    "imagine_server_resting",
    "Whether the server gets no new job for now after failed creates (1) or takes jobs (0).",
    (s) => (s.backingOff ? 1 : 0),
  );
  new Gauge({
    name: "imagine_server_state",
    help: "The server's state: 1 for the one it is in (working, held, resting, budget, gap, backing-off, not-working, not-answering), 0 for the others.",
    labelNames: ["server", "state"],
    registers,
    collect() {
      this.reset();
      for (const server of read().servers) {
        if (server.state === undefined) continue;
        for (const state of SERVER_STATES)
          this.set({ server: server.name, state }, state === server.state ? 1 : 0);
      }
    },
  });
  perServer(
    "imagine_server_creates_24h",
    "Creates sent to the server's Midjourney account in the last 24 hours (against IMAGINE_API_DAILY_LIMIT).",
    (s) => s.createsToday ?? 0,
  );
  new Gauge({
    name: "imagine_jobs_waiting",
    help: "Jobs waiting in the bot's line for a free slot on an ImagineAPI server.",
    registers,
    collect() {
      this.set(read().waiting);
    },
  });
}
