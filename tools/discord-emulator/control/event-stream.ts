/**
 * `GET /_control/events`: a server-sent event stream that says "change" after every change of the
 * emulator (message, request, interaction, gateway event), at most every `throttleMs`, so a page can
 * refresh what it shows without polling.
 */
import type { ServerResponse } from "node:http";
import type { DiscordEmulator } from "../emulator.js";

const KEEPALIVE_MS = 15_000;

/** Streams change events to `res` until the client goes away. */
export function streamChanges(emu: DiscordEmulator, res: ServerResponse, throttleMs = 100): void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    connection: "keep-alive",
  });
  let counter = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = () => {
    timer = null;
    res.write(`event: change\ndata: ${++counter}\n\n`);
  };
  const unsubscribe = emu.onChange(() => {
    timer ??= setTimeout(send, throttleMs);
  });
  // A comment line now and then keeps proxies and the browser from timing the stream out.
  const keepalive = setInterval(() => res.write(": keepalive\n\n"), KEEPALIVE_MS);
  res.write("event: change\ndata: 0\n\n");
  res.on("close", () => {
    unsubscribe();
    clearInterval(keepalive);
    if (timer) clearTimeout(timer);
  });
}
