import { describe, expect, test } from "vitest";
import { useReferenceService } from "./service-fixture.js";

// The self-hosted profile's /items/status singleton (service-facts.md, "Status singleton") and how it
// gates the queue, over HTTP. Starts as a fresh server does: its bot has not reported.

const fixture = useReferenceService({ profile: "self-hosted", lifecycle: { steps: 4 } });

const ISO_WITH_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const status = async () =>
  ((await fixture.call("/items/status")).json as { data: Record<string, unknown> }).data;

describe("/items/status on a self-hosted server", () => {
  test("before its bot's first report: not started, and every other field null", async () => {
    await expect(status()).resolves.toStrictEqual({
      bot_status: "not started",
      message: null,
      id: null,
      date_created: null,
      date_updated: null,
      user_created: null,
      user_updated: null,
    });
  });

  test("the first report creates the singleton row; later ones update it", async () => {
    fixture.service.setHealth("starting");
    const first = await status();
    fixture.service.setHealth("healthy");
    const second = await status();

    expect(Object.keys(first)).toEqual([
      "bot_status",
      "message",
      "id",
      "date_created",
      "date_updated",
      "user_created",
      "user_updated",
    ]);
    expect(first).toMatchObject({
      bot_status: "starting",
      message: "Bot is starting",
      id: 1,
      date_created: expect.stringMatching(ISO_WITH_MS),
      date_updated: null,
      user_created: expect.any(String),
      user_updated: null,
    });
    expect(second).toMatchObject({
      bot_status: "healthy",
      id: 1,
      date_created: first.date_created,
      date_updated: expect.stringMatching(ISO_WITH_MS),
      user_updated: first.user_created,
    });
  });

  test("initialHealth starts it as if its bot had reported", async () => {
    await fixture.restart({ initialHealth: "healthy" });

    await expect(status()).resolves.toMatchObject({ bot_status: "healthy", id: 1 });
  });

  test.each(["not started", "starting", "unhealthy", "paused"] as const)(
    "an image created while %s is accepted, waits pending, and is made once healthy",
    async (state) => {
      await fixture.restart({ initialHealth: state });
      const { id } = await fixture.create("a lighthouse");

      fixture.service.advance(10);
      const waiting = await fixture.read(id);
      fixture.service.setHealth("healthy");
      fixture.service.advance(5);

      expect(waiting.status).toBe("pending");
      await expect(fixture.read(id)).resolves.toMatchObject({ status: "completed" });
    },
  );

  test("a stale healthy: with its bot down, status says healthy and images stay pending", async () => {
    fixture.service.setHealth("healthy");
    fixture.service.setBotRunning(false);
    const { id } = await fixture.create("a lighthouse");

    fixture.service.advance(10);

    await expect(status()).resolves.toMatchObject({ bot_status: "healthy" });
    await expect(fixture.read(id)).resolves.toMatchObject({ status: "pending" });
    fixture.service.setBotRunning(true);
    fixture.service.advance(5);
    await expect(fixture.read(id)).resolves.toMatchObject({ status: "completed" });
  });
});
