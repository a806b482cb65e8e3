import { connect } from "node:net";
import { Agent, request } from "undici";
import { afterEach, describe, expect, test, vi } from "vitest";
import { startReferenceService } from "../../tools/reference-service/index.js";
import { TOKEN, useReferenceService } from "./service-fixture.js";

const fixture = useReferenceService({ lifecycle: { steps: 2 } });

/** Sends raw bytes and returns the status line of the answer. */
function rawStatusLine(base: string, head: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(text.split("\r\n")[0] ?? ""));
  });
}

describe("startReferenceService", () => {
  test("createsByRef counts the records made per ref, and nothing for refused or ref-less creates", async () => {
    await fixture.create("one", "job-a");
    await fixture.create("two", "job-a");
    await fixture.create("three", "job-b");
    await fixture.create("no ref");
    await fixture.call("/items/images", {
      contentType: "application/json",
      body: JSON.stringify({ prompt: "", ref: "job-c" }),
    });

    expect([...fixture.service.createsByRef]).toEqual([
      ["job-a", 2],
      ["job-b", 1],
    ]);
  });

  test("records() and record() give the current state of every record", async () => {
    const a = await fixture.create("a");
    const b = await fixture.create("b");
    fixture.service.advance();

    expect(fixture.service.records().map((r) => [r.id, r.status])).toEqual([
      [a.id, "in-progress"],
      [b.id, "in-progress"],
    ]);
    expect(fixture.service.record(a.id)).toEqual(await fixture.read(a.id));
    expect(fixture.service.record("nope")).toBeUndefined();
  });

  test("requests logs every API request as METHOD /path with its status, in order", async () => {
    await fixture.call("/items/status");
    await fixture.call("/items/status?x=1", { auth: null });
    await fixture.create("a");

    expect(fixture.service.requests).toEqual([
      { request: "GET /items/status", status: 200, at: expect.any(Number) },
      { request: "GET /items/status", status: 403, at: expect.any(Number) },
      { request: "POST /items/images", status: 200, at: expect.any(Number) },
    ]);
  });

  test("asset URLs start with publicUrl when one is given", async () => {
    await fixture.restart({ publicUrl: "https://images.example" });
    const { id } = await fixture.create("a");

    const done = fixture.service.completeNow(id);

    expect(done.url).toBe(`https://images.example/assets/${id}/grid.png`);
  });

  test("without tokens, one random token is generated for local-user", async () => {
    const service = await startReferenceService({ tickMs: 0 });
    try {
      const res = await request(`${service.url}/items/images`, {
        method: "POST",
        headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
        body: JSON.stringify({ prompt: "a fox" }),
      });
      const body = (await res.body.json()) as { data: { user_created: string } };

      expect(service.token.length).toBeGreaterThanOrEqual(24);
      expect(body.data.user_created).toBe("local-user");
    } finally {
      await service.close();
    }
  });

  test("an empty token table is refused at start", async () => {
    await expect(startReferenceService({ tokens: {} })).rejects.toThrow(/token/);
  });

  test("with tickMs, jobs move on their own until completed", async () => {
    await fixture.restart({ tickMs: 5 });
    const { id } = await fixture.create("a lighthouse");

    await vi.waitFor(async () => expect((await fixture.read(id)).status).toBe("completed"), {
      timeout: 5000,
      interval: 20,
    });
  });
});

describe("robustness", () => {
  test.each(["GET http://[ HTTP/1.1", "GET * HTTP/1.1", "OPTIONS * HTTP/1.1"])(
    "a malformed request target '%s' is 400 and the service stays up",
    async (line) => {
      const status = await rawStatusLine(
        fixture.service.url,
        `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );

      expect(status).toBe("HTTP/1.1 400 Bad Request");
      await expect(fixture.call("/items/status")).resolves.toMatchObject({ status: 200 });
    },
  );
});

describe("close", () => {
  const agents: Agent[] = [];
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.destroy()));
  });

  test("cuts idle keep-alive connections and requests left hanging, and frees the port", async () => {
    const service = await startReferenceService({ tickMs: 0, tokens: { [TOKEN]: "u" } });
    const agent = new Agent({ keepAliveTimeout: 60_000 });
    agents.push(agent);
    const get = (path: string) =>
      request(`${service.url}${path}`, { dispatcher: agent, headers: { authorization: `Bearer ${TOKEN}` } });
    const idle = await get("/items/status");
    await idle.body.dump();
    service.faults.queue.push("hang");
    const hanging = get("/items/status");
    await vi.waitFor(() => expect(service.faults.queue).toEqual([]));

    await service.close();

    await expect(hanging).rejects.toMatchObject({ code: "UND_ERR_SOCKET" });
    await expect(request(`${service.url}/items/status`)).rejects.toMatchObject({
      code: "ECONNREFUSED",
    });
  });
});
