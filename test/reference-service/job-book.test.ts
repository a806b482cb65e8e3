import { describe, expect, test } from "vitest";
import { JobBook } from "../../tools/reference-service/job-book.js";
import { recordMedia } from "../../tools/reference-service/record-media.js";
import { useReferenceService } from "./service-fixture.js";

// The lifecycle as a client sees it over HTTP, stepped by hand (tickMs 0, advance()).

const fixture = useReferenceService({ lifecycle: { steps: 4 } });

describe("a job that completes", () => {
  test("goes pending -> in-progress 0, 25, 50, 75 -> completed", async () => {
    const { id } = await fixture.create("a lighthouse");

    const seen = await fixture.ticksOf(id);

    expect(seen.map((r) => [r.status, r.progress])).toEqual([
      ["in-progress", 0],
      ["in-progress", 25],
      ["in-progress", 50],
      ["in-progress", 75],
      ["completed", null],
    ]);
  });

  test("shows a .webp preview URL from the first progress above 0 that changes every tick", async () => {
    const { id } = await fixture.create("a lighthouse");

    const seen = await fixture.ticksOf(id);
    const previews = seen.filter((r) => r.status === "in-progress").map((r) => r.url);

    expect(previews[0]).toBeNull();
    const urls = previews.slice(1);
    expect(urls).toHaveLength(3);
    for (const url of urls)
      expect(url).toMatch(new RegExp(`^${fixture.service.url}/assets/${id}/.+\\.webp$`));
    expect(new Set(urls).size).toBe(urls.length);
  });

  test("ends with a grid url, four single images in order U1..U4, four file ids and results", async () => {
    const { id } = await fixture.create("a lighthouse");

    const done = (await fixture.ticksOf(id)).at(-1)!;

    const assets = `${fixture.service.url}/assets/${id}`;
    expect(done).toMatchObject({
      status: "completed",
      progress: null,
      error: null,
      url: `${assets}/grid.png`,
      upscaled_urls: [1, 2, 3, 4].map((n) => `${assets}/u${n}.png`),
      results: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(done.upscaled).toHaveLength(4);
    expect(new Set([...done.upscaled, done.results]).size).toBe(5);
  });

  test("a completed record does not change with further ticks", async () => {
    const { id } = await fixture.create("a lighthouse");
    const done = (await fixture.ticksOf(id)).at(-1)!;

    fixture.service.advance(5);

    await expect(fixture.read(id)).resolves.toEqual(done);
  });

  test("completeNow on a finished record changes nothing", async () => {
    const { id } = await fixture.create("a lighthouse");
    const done = fixture.service.completeNow(id);

    expect(fixture.service.completeNow(id)).toEqual(done);
    expect(fixture.service.failNow(id, "Unspecified error")).toEqual(done);
  });
});

describe("a job that fails", () => {
  test("a banned word fails it at its first tick with a Midjourney message", async () => {
    fixture.service.lifecycle.bannedWords = ["gore"];
    const { id } = await fixture.create("a scene full of GORE, cinematic");
    const allowed = await fixture.create("gorets are fine: whole words only");

    const seen = await fixture.ticksOf(id);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: "failed", progress: null, url: null });
    expect(seen[0]!.error).toMatch(/^Midjourney message: /);
    await expect(fixture.read(allowed.id)).resolves.toMatchObject({ status: "in-progress" });
  });

  test("a hosted server runs relax jobs: --relax, and any prompt while the account is in relax mode", async () => {
    fixture.service.lifecycle.accountMode = "relax";
    const asked = await fixture.create("a calm lake --relax");
    const byAccount = await fixture.create("a calm lake");

    expect((await fixture.ticksOf(asked.id)).at(-1)).toMatchObject({ status: "completed" });
    expect((await fixture.ticksOf(byAccount.id)).at(-1)).toMatchObject({ status: "completed" });
  });

  test("an out-of-date server fails every job with its three errors in turn, its status unchanged", async () => {
    fixture.service.lifecycle.outdated = true;
    const errors: (string | null)[] = [];
    for (const prompt of ["one", "two", "three", "four"]) {
      const { id } = await fixture.create(prompt);
      errors.push((await fixture.ticksOf(id)).at(-1)!.error);
    }

    expect(errors).toEqual([
      "Image not sent to API",
      "Timeout after prompt was sent",
      "Timeout while waiting to start",
      "Image not sent to API",
    ]);
    expect(fixture.service.health).toBe("healthy");
  });

  test("a prompt matching failPattern fails with failError", async () => {
    fixture.service.lifecycle.failPattern = /doomed/;
    fixture.service.lifecycle.failError = "Timeout while waiting to start";
    const { id } = await fixture.create("a doomed ship");

    const seen = await fixture.ticksOf(id);

    expect(seen.at(-1)).toMatchObject({ status: "failed", error: "Timeout while waiting to start" });
  });

  test("a global failPattern fails every matching prompt, not every other one", async () => {
    fixture.service.lifecycle.failPattern = /doomed/g;
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await fixture.create(`doomed ship ${i}`)).id);

    fixture.service.advance();

    const statuses = await Promise.all(ids.map(async (id) => (await fixture.read(id)).status));
    expect(statuses).toEqual(["failed", "failed", "failed", "failed"]);
  });

  test("failNow fails a running job with the given error", async () => {
    const { id } = await fixture.create("a lighthouse");
    fixture.service.advance(2);

    fixture.service.failNow(id, "Image not sent to API");

    await expect(fixture.read(id)).resolves.toMatchObject({
      status: "failed",
      error: "Image not sent to API",
      progress: null,
    });
  });
});

test("a prompt matching hangPattern stays in progress below 100 however many ticks pass", async () => {
  fixture.service.lifecycle.hangPattern = /stuck/;
  const { id } = await fixture.create("a stuck elevator");

  const seen = await fixture.ticksOf(id, 30);

  expect(seen).toHaveLength(30);
  expect(seen.every((r) => r.status === "in-progress" && (r.progress ?? 0) < 100)).toBe(true);
});

describe("scheduling", () => {
  test("with concurrency 1 the second job stays pending while the first runs, then starts", async () => {
    fixture.service.lifecycle.concurrency = 1;
    const first = await fixture.create("first");
    const second = await fixture.create("second");

    const statuses = async () => [
      (await fixture.read(first.id)).status,
      (await fixture.read(second.id)).status,
    ];
    fixture.service.advance();
    const whileFirstStarts = await statuses();
    fixture.service.advance(3);
    const whileFirstRuns = await statuses();
    fixture.service.advance();
    const afterFirst = await statuses();

    expect(whileFirstStarts).toEqual(["in-progress", "pending"]);
    expect(whileFirstRuns).toEqual(["in-progress", "pending"]);
    expect(afterFirst).toEqual(["completed", "in-progress"]);
  });

  test("while unhealthy new jobs are accepted and stay pending; they proceed once healthy", async () => {
    fixture.service.setHealth("unhealthy", "Midjourney is down");
    const { id } = await fixture.create("a lighthouse");

    fixture.service.advance(10);
    const whileDown = await fixture.read(id);
    fixture.service.setHealth("healthy");
    fixture.service.advance();
    const afterRecovery = await fixture.read(id);

    expect(whileDown).toMatchObject({ status: "pending", progress: null });
    expect(afterRecovery).toMatchObject({ status: "in-progress", progress: 0 });
  });

  test("jobs start in the order they were created", async () => {
    fixture.service.lifecycle.concurrency = 2;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await fixture.create(`job ${i}`)).id);

    fixture.service.advance();

    const statuses = await Promise.all(ids.map(async (id) => (await fixture.read(id)).status));
    expect(statuses).toEqual(["in-progress", "in-progress", "pending", "pending", "pending"]);
  });

  test("jobs created over HTTP all complete, at most concurrency at a time", async () => {
    fixture.service.lifecycle.concurrency = 50;
    fixture.service.lifecycle.steps = 2;
    await Promise.all(Array.from({ length: 300 }, (_, i) => fixture.create(`job ${i}`)));
    const running = () => fixture.service.records().filter((r) => r.status === "in-progress").length;

    fixture.service.advance();
    const atStart = running();
    fixture.service.advance(11);
    const beforeLast = fixture.service.records().filter((r) => r.status !== "completed").length;
    fixture.service.advance();

    expect(atStart).toBe(50);
    expect(beforeLast).toBe(50);
    expect(fixture.service.records().every((r) => r.status === "completed")).toBe(true);
  });
});

test("a JobBook with thousands of queued jobs starts each once, in order, and finishes them all", () => {
  const started: string[] = [];
  const book = new JobBook(
    {
      steps: 2,
      concurrency: 100,
      bannedWords: [],
      failPattern: null,
      failError: "",
      hangPattern: null,
      accountMode: "fast",
      relaxFails: false,
      outdated: false,
      accountNotice: null,
    },
    recordMedia("hosted", () => "http://assets"),
    (record) => {
      if (record.status === "in-progress" && record.progress === 0) started.push(record.prompt ?? "");
    },
  );
  const prompts = Array.from({ length: 3000 }, (_, i) => `job ${i}`);
  for (const prompt of prompts) book.create(prompt, null, "u");

  book.advance(60);
  const inFlightBeforeLast = book.inFlight;
  book.advance();

  expect(inFlightBeforeLast).toBe(100);
  expect(book.inFlight).toBe(0);
  expect(started).toEqual(prompts);
});
