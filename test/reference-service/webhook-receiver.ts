/**
 * A webhook receiver for the reference service's tests: a real HTTP server that records every delivery
 * (content type and parsed body, and the request headers apart) and answers each with one status.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import type { ServiceRecord } from "../../tools/reference-service/record.js";

export interface Delivery {
  contentType: string | undefined;
  body: { event: string; payload: ServiceRecord };
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** The request headers of each delivery, in the order of `deliveries`. */
  headers: IncomingHttpHeaders[];
  /** Resolves once `count` deliveries have arrived. */
  received(count: number): Promise<Delivery[]>;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Listens on a free local port (closed after the test); resolves with the base URL. */
export async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A webhook receiver answering `status` to every delivery. */
export async function startReceiver(status = 204): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const waiters: Array<{ count: number; resolve: (d: Delivery[]) => void }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      headers.push(req.headers);
      deliveries.push({
        contentType: req.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Delivery["body"],
      });
      res.writeHead(status).end();
      for (const w of waiters.filter((w) => deliveries.length >= w.count)) w.resolve(deliveries);
    });
  });
  const base = await listen(server);
  return {
    url: `${base}/webhooks/imagine/secret-123`,
    deliveries,
    headers,
    received: (count) =>
      new Promise((resolve) => {
        if (deliveries.length >= count) resolve(deliveries);
        else waiters.push({ count, resolve });
      }),
  };
}
