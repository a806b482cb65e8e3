/**
 * The bot's line when no image server takes jobs: a create refused by every server (no record anywhere)
 * leaves the job waiting, also when its turn comes, and its message says why it waits.
 */
import { describe, expect, test } from "vitest";
import { imageRecord } from "../../fixtures/fake-image-service.js";
import { settle } from "../../jobs/manual-clock.js";
import { ServiceError } from "../../../src/service/errors.js";
import { request, useImagineService } from "../service-fakes.js";

const setup = useImagineService();

const REFUSED = () => new ServiceError("network", "connect ECONNREFUSED", { connectFailed: true });

/**
 * A service behind a pool of servers: `up` says whether some server takes jobs (none has a free slot while
 * `busy`); `refusals` creates are refused (each sends the servers resting, as the pool does).
 */
function poolSetup(refusals: number, options: { busy?: boolean } = {}) {
  const state = { up: true, busy: options.busy ?? false, refusals };
  const env = setup({
    servers: {
      lined: true,
      hasFreeSlot: () => state.up && !state.busy,
      someServerUp: () => state.up,
      create: async ({ prompt, ref }) => {
        if (state.refusals > 0) {
          state.refusals--;
          state.up = false;
          throw REFUSED();
        }
        return env.service.createImage({ prompt: prompt.text, ref });
      },
    },
  });
  const lastText = () => JSON.stringify(env.messenger.shown.at(-1)?.message.payload ?? null);
  return { env, state, lastText };
}

describe("ImagineService when every image server is down", () => {
  test("a new image every server refused waits in line saying no server is reachable, waits on when refused again at its turn, and starts once one is back", async () => {
    const { env, state, lastText } = poolSetup(2);
    env.service.script("job-1", [imageRecord("job-1", "pending")]);

    const job = await env.imagine.submit(...request());
    await settle();
    expect(job.imageId).toMatch(/^q-/);
    expect(env.imagine.waitingCount).toBe(1);
    expect(lastText()).toContain("No image server is reachable right now");
    expect(lastText()).not.toContain("Every image server is busy");

    // Its turn comes (a server looks up again) but the create is refused once more: it keeps waiting.
    state.up = true;
    await env.clock.advance(2_000);
    expect(state.refusals).toBe(0);
    expect(env.imagine.waitingCount).toBe(1);
    expect(env.messenger.shown.some((s) => s.final)).toBe(false);
    expect(lastText()).toContain("No image server is reachable right now");

    state.up = true;
    await env.clock.advance(2_000);
    expect(env.imagine.waitingCount).toBe(0);
    expect(env.service.creates).toBe(1);
    expect(env.imagine.activeJobs().map((j) => j.imageId)).toEqual(["job-1"]);
  });

  test("while servers take jobs but have no free slot, the waiting message says every server is busy", async () => {
    const { env, lastText } = poolSetup(0, { busy: true });
    await env.imagine.submit(...request());
    await settle();
    expect(lastText()).toContain("Every image server is busy");
    expect(lastText()).not.toContain("No image server is reachable");
  });

  test.each([
    ["a 500", () => new ServiceError("server", "500 Internal Server Error", { status: 500 })],
    ["a time-out", () => new ServiceError("timeout", "the image service did not answer in time")],
  ])(
    "a create that may have made a record (%s) is not queued: the error is the caller's",
    async (_, error) => {
      const env = setup({ servers: { lined: true, create: () => Promise.reject(error()) } });
      await expect(env.imagine.submit(...request())).rejects.toBeInstanceOf(ServiceError);
      expect(env.imagine.waitingCount).toBe(0);
    },
  );
});
