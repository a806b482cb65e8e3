/**
 * A job waiting in the bot's line while no server takes jobs, as its member follows it (issue 40, newcomer
 * point 7): a server whose status turns healthy wakes the line at once (not at its next retry), and the
 * job's message shows one id (the request id) and one "not started" title from waiting to its result, with
 * "Sent" rather than "Started" until the generator starts drawing.
 */
import { expect, test } from "vitest";
import { imageRecord } from "../../fixtures/fake-image-service.js";
import { settle } from "../../jobs/manual-clock.js";
import { request, useImagineService } from "../service-fakes.js";

const setup = useImagineService();

/** Two servers that answer unhealthy until `state.up`; `back` holds who is told when one turns healthy. */
function serversAnsweringUnhealthy() {
  const state = { up: false };
  const back: (() => void)[] = [];
  const env = setup({
    servers: {
      lined: true,
      hasFreeSlot: () => state.up,
      someServerUp: () => state.up,
      outOfService: () => ({ unreachable: 0, failing: state.up ? 0 : 2 }),
      whenServerBack: (listener) => back.push(listener),
    },
  });
  return { state, back, env };
}

test("a server turning healthy starts the waiting job at once, without waiting for the line's retry timer", async () => {
  const { state, back, env } = serversAnsweringUnhealthy();
  env.service.script("job-1", [imageRecord("job-1", "pending")]);
  await env.imagine.submit(...request());
  await settle();
  expect(env.imagine.waitingCount).toBe(1);

  // The clock does not move: only the healthy transition can start it.
  state.up = true;
  for (const listener of back) listener();
  await settle();
  expect(env.imagine.waitingCount).toBe(0);
  expect(env.service.creates).toBe(1);
});

test("a job that waited shows its request id and 'Waiting in line' from its first message until the generator starts it, then the same id to its result", async () => {
  const { state, env } = serversAnsweringUnhealthy();
  env.service.script("job-1", [
    imageRecord("job-1", "pending"),
    imageRecord("job-1", "in-progress", 40),
    imageRecord("job-1", "completed"),
  ]);
  const [req, delivery] = request();
  await env.imagine.submit(req, delivery);
  await settle();
  state.up = true;
  for (let i = 0; i < 10 && env.messenger.shown.every((s) => !s.final); i++) await env.clock.advance(2_000);

  const embeds = env.messenger.shown.map((s) => s.message.payload.embeds[0]);
  expect(embeds.at(-1)?.title).toMatch(/ready/i);
  expect(new Set(embeds.map((e) => e?.footer?.text))).toEqual(new Set([`Job ${req.ref}`]));
  const titles = embeds.map((e) => e?.title ?? "");
  expect(titles.join("\n")).not.toMatch(/queue/i);
  const notStarted = embeds.filter((e) => e?.title === "⏳ Waiting in line");
  // The waiting message (its reason: every server reports a problem) and the sent, pending one.
  expect(notStarted.map((e) => e?.description ?? "").join("\n")).toContain(
    "Every image server answers but reports a problem right now",
  );
  const pending = notStarted.find((e) => e?.description?.includes("generator to start"));
  expect(pending?.fields?.map((f) => f.name)).toEqual(["Requested by", "Sent"]);
  const drawing = embeds.find((e) => e?.description?.includes("40%"));
  expect(drawing?.fields?.map((f) => f.name)).toContain("Started");
});
