import { createServer } from "node:http";
import { describe, expect, test, vi } from "vitest";
import type { ServiceRecord } from "../../tools/reference-service/record.js";
import { useReferenceService } from "./service-fixture.js";
import { listen, startReceiver } from "./webhook-receiver.js";

const fixture = useReferenceService({ lifecycle: { steps: 2 } });

describe("webhooks", () => {
  test("a create posts images.items.create with the record as payload, as JSON", async () => {
    const receiver = await startReceiver();
    fixture.service.webhooks.urls.add(receiver.url);

    const record = await fixture.create("a lighthouse", "ref-7");
    const [delivery] = await receiver.received(1);

    expect(delivery).toEqual({
      contentType: "application/json",
      body: { event: "images.items.create", payload: record },
    });
  });

  test("every tick posts images.items.update with the changed record, up to completion", async () => {
    const receiver = await startReceiver();
    fixture.service.webhooks.urls.add(receiver.url);
    const { id } = await fixture.create("a lighthouse", "ref-8");
    await receiver.received(1);

    fixture.service.advance(3);
    const deliveries = await receiver.received(4);

    const updates = deliveries.filter((d) => d.body.event === "images.items.update");
    // No ordering guarantee: compare as a set, ordered by what the record says.
    const states = updates
      .map((d) => [d.body.payload.status, d.body.payload.progress])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(states).toEqual([
      ["completed", null],
      ["in-progress", 0],
      ["in-progress", 50],
    ]);
    expect(updates.every((d) => d.contentType === "application/json")).toBe(true);
    expect(updates.every((d) => d.body.payload.id === id && d.body.payload.ref === "ref-8")).toBe(true);
    const completed = updates.find((d) => d.body.payload.status === "completed")!;
    await expect(fixture.read(id)).resolves.toEqual(completed.body.payload);
  });

  test("an upscale record posts its create and every update with parent_id and ref", async () => {
    const receiver = await startReceiver();
    const { id: parentId } = await fixture.create("a lighthouse");
    fixture.service.completeNow(parentId);
    fixture.service.webhooks.urls.add(receiver.url);

    const answer = await fixture.call(`/items/images/${parentId}/0/upscale/2x`, {
      contentType: "application/json",
      body: JSON.stringify({ ref: "click-9" }),
    });
    const { id } = (answer.json as { data: ServiceRecord }).data;
    fixture.service.advance(3);
    const deliveries = await receiver.received(4);

    expect(deliveries.map((d) => d.body.event).sort()).toEqual([
      "images.items.create",
      "images.items.update",
      "images.items.update",
      "images.items.update",
    ]);
    for (const { body } of deliveries) {
      expect(body.payload).toMatchObject({ id, parent_id: parentId, ref: "click-9" });
    }
    const completed = deliveries.find((d) => d.body.payload.status === "completed")!;
    expect(completed.body.payload.url).toMatch(/upscale-2x\.png$/);
  });

  test("every registered receiver gets every event, and webhookUrls registers at start", async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    await fixture.restart({ webhookUrls: [first.url] });
    fixture.service.webhooks.urls.add(second.url);

    await fixture.create("a lighthouse");
    fixture.service.advance();

    await expect(first.received(2)).resolves.toHaveLength(2);
    await expect(second.received(2)).resolves.toHaveLength(2);
  });

  test.each([
    { label: "a closed port", kind: "closed" as const },
    { label: "a receiver answering 500", kind: "500" as const },
    { label: "a URL undici cannot parse", kind: "invalid" as const },
  ])("$label does not disturb the service", async ({ kind }) => {
    let url = "not a url";
    if (kind === "500") url = (await startReceiver(500)).url;
    if (kind === "closed") {
      const server = createServer();
      const base = await listen(server);
      await new Promise((r) => server.close(r));
      url = `${base}/webhooks/imagine/secret`;
    }
    const healthy = await startReceiver();
    fixture.service.webhooks.urls.add(url);
    fixture.service.webhooks.urls.add(healthy.url);

    const { id } = await fixture.create("a lighthouse");
    fixture.service.advance(3);

    await expect(fixture.read(id)).resolves.toMatchObject({ status: "completed" });
    await expect(healthy.received(4)).resolves.toHaveLength(4);
    await vi.waitFor(() => {
      expect(fixture.service.webhooks.failed).toBe(4);
      expect(fixture.service.webhooks.sent).toBe(4);
    });
  });
});
