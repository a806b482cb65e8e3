import { describe, expect, test } from "vitest";
import { imageRecord } from "../fixtures/fake-image-service.js";
import { request, useImagineService } from "./service-fakes.js";

const setup = useImagineService();

describe("ImagineService with a server that keeps no ref", () => {
  test("a webhook record without ref names a followed job by its image id; an unknown id is ignored", async () => {
    const env = setup();
    env.service.script("job-1", [imageRecord("job-1", "pending")]);
    await env.imagine.submit(...request());

    expect(env.imagine.push({ ...imageRecord("job-1", "in-progress", 31), ref: null })).toBe(true);
    expect(env.imagine.push({ ...imageRecord("job-2", "in-progress", 31), ref: null })).toBe(false);
  });

  test("the interaction id stays the job's own key: a second submit of one interaction creates nothing", async () => {
    const env = setup();
    env.service.script("job-1", [{ ...imageRecord("job-1", "pending"), ref: null }]);
    const first = await env.imagine.submit(...request("500000000000000009"));
    const again = await env.imagine.submit(...request("500000000000000009"));

    expect(first.ref).toBe("500000000000000009");
    expect(again.imageId).toBe(first.imageId);
    expect(env.service.creates).toBe(1);
    expect((await env.imagine.findJob("500000000000000009"))?.imageId).toBe("job-1");
  });

  test("a pending job's message says the service is starting, and no longer once it reports healthy", async () => {
    let status = "starting";
    const env = setup({ servers: { serviceStatus: () => status } });
    env.service.script("job-1", [imageRecord("job-1", "pending")]);
    await env.imagine.submit(...request());
    await env.clock.advance(3_000);
    const text = () => JSON.stringify(env.messenger.shown.at(-1)?.message.payload);
    expect(text()).toContain("reports that it is starting");

    status = "healthy";
    await env.clock.advance(6_000);
    expect(text()).not.toContain("reports that it is");
  });
});
