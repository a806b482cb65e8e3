/**
 * Reads a bot's JavaScript heap from the outside through the V8 inspector (the Chrome DevTools Protocol on
 * `node --inspect=127.0.0.1:0`, which only the benchmark passes): the heap used after a full collection, and
 * heap snapshots written to files. The bot itself exposes nothing for it.
 * @see https://chromedevtools.github.io/devtools-protocol/v8/HeapProfiler/
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import WebSocket from "ws";
import type { ManagedProcess } from "./processes.js";

/** The flag that opens the inspector on a free port of the loopback interface. */
export const INSPECT_FLAG = "--inspect=127.0.0.1:0";

/** A connection to one process's inspector. */
export interface HeapInspector {
  /** Runs a full garbage collection, then returns the heap used (bytes). */
  heapUsedAfterGc(): Promise<number>;
  /** Writes a heap snapshot (which itself starts with a full collection) to `path`. */
  snapshot(path: string): Promise<void>;
  close(): void;
}

interface Reply {
  id?: number;
  method?: string;
  params?: { chunk?: string };
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** Connects to the inspector `proc` announced on stderr ("Debugger listening on ws://…"). */
export async function connectInspector(proc: ManagedProcess): Promise<HeapInspector> {
  const line = await proc.waitForLine((l) => l.text.startsWith("Debugger listening on ws://"));
  const url = line.text.slice("Debugger listening on ".length).trim();
  const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
  await once(socket, "open");
  let nextId = 1;
  const pending = new Map<number, { resolve(r: Reply): void; reject(e: Error): void }>();
  let onChunk: ((chunk: string) => void) | null = null;
  socket.on("message", (data: Buffer) => {
    const reply = JSON.parse(data.toString("utf8")) as Reply;
    if (reply.method === "HeapProfiler.addHeapSnapshotChunk") onChunk?.(reply.params?.chunk ?? "");
    if (reply.id === undefined) return;
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) waiter?.reject(new Error(reply.error.message));
    else waiter?.resolve(reply);
  });
  socket.on("close", () => {
    for (const waiter of pending.values()) waiter.reject(new Error("the inspector connection closed"));
    pending.clear();
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    async heapUsedAfterGc() {
      await call("HeapProfiler.collectGarbage");
      const usage = await call("Runtime.getHeapUsage");
      return Number(usage.result?.["usedSize"]);
    },
    async snapshot(path) {
      const file = createWriteStream(path);
      onChunk = (chunk) => file.write(chunk);
      try {
        await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false });
      } finally {
        onChunk = null;
        file.end();
        await once(file, "close");
      }
    },
    close: () => socket.close(),
  };
}
