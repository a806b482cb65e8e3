import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import { ChannelResultQueue, type NoncedPost } from "../../src/discord/channel-result-queue.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { silentLogger } from "../../src/logger.js";

function grid(requesterId: string): OutgoingMessage {
  return {
    payload: {
      content: `<@${requesterId}> done`,
      embeds: [{ title: requesterId }],
      components: [
        { type: 1, components: [{ type: 2, style: 2, label: "U1", custom_id: `u:${requesterId}` }] },
      ],
      allowedMentions: { parse: [], users: [requesterId], repliedUser: false },
    },
    files: [],
  };
}

/** A queue whose clock and timers the test moves, and what it sent. */
function harness() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const sent: { titles: (string | undefined)[]; nonce: string }[] = [];
  const send: NoncedPost = async (channelId, message, { nonce }) => {
    sent.push({ titles: message.payload.embeds.map((e) => e.title), nonce });
    return { id: String(sent.length), channel_id: channelId } as APIMessage;
  };
  const queue = new ChannelResultQueue(send, {
    now: () => now,
    setTimer: (fn, ms) => void timers.push({ at: now + ms, fn }),
  });
  const post = (id: string) =>
    queue.post("c", { message: grid(id), requesterId: id, nonce: `n-${id}`, log: silentLogger });
  const advance = async (ms: number) => {
    now += ms;
    for (const t of timers.splice(0).filter((t) => t.at <= now)) t.fn();
    await new Promise((r) => setImmediate(r));
  };
  return { post, advance, sent };
}

describe("a channel's queue of results", () => {
  test("a result in a quiet channel is posted at once, alone, with its own nonce", async () => {
    const h = harness();
    await h.post("1");
    expect(h.sent).toEqual([{ titles: ["1"], nonce: "n-1" }]);
  });

  test("results arriving while the channel is busy wait a moment and go together", async () => {
    const h = harness();
    await h.post("1");
    const later = [h.post("2"), h.post("3"), h.post("4")];
    await h.advance(0);
    expect(h.sent).toHaveLength(1);
    await h.advance(300);
    await Promise.all(later);
    expect(h.sent.map((s) => s.titles)).toEqual([["1"], ["#1 · 2", "#2 · 3", "#3 · 4"]]);
  });

  test("a full message's worth of waiting results goes without waiting", async () => {
    const h = harness();
    await h.post("1");
    const later = ["2", "3", "4", "5", "6", "7"].map((id) => h.post(id));
    await h.advance(0);
    expect(h.sent.map((s) => s.titles)).toEqual([["1"], ["#1 · 2", "#2 · 3", "#3 · 4", "#4 · 5", "#5 · 6"]]);
    await h.advance(300);
    await Promise.all(later);
    expect(h.sent.map((s) => s.titles)).toEqual([
      ["1"],
      ["#1 · 2", "#2 · 3", "#3 · 4", "#4 · 5", "#5 · 6"],
      ["7"],
    ]);
  });

  test("results waiting together go when their timer fires, even if the clock has not quite reached its moment", async () => {
    let now = 0;
    const timers: (() => void)[] = [];
    const sent: string[][] = [];
    const send: NoncedPost = async (channelId, message) => {
      sent.push(message.payload.embeds.map((e) => e.title ?? ""));
      return { id: String(sent.length), channel_id: channelId } as APIMessage;
    };
    const queue = new ChannelResultQueue(send, { now: () => now, setTimer: (fn) => void timers.push(fn) });
    const post = (id: string) =>
      queue.post("c", { message: grid(id), requesterId: id, nonce: `n-${id}`, log: silentLogger });
    await post("1");
    const later = [post("2"), post("3")];
    await new Promise((r) => setImmediate(r));
    // Node's timers count from the event loop's cached time, which may lag the clock by a few ms.
    now += 295;
    for (const fire of timers.splice(0)) fire();
    await Promise.all(later);
    expect(sent).toEqual([["1"], ["#1 · 2", "#2 · 3"]]);
  });

  test("after a quiet second a result goes at once again", async () => {
    const h = harness();
    await h.post("1");
    await h.advance(1000);
    await h.post("2");
    expect(h.sent.map((s) => s.titles)).toEqual([["1"], ["2"]]);
  });

  test("a channel is forgotten once its results are posted and it has been quiet for a second", async () => {
    let now = 0;
    const send: NoncedPost = async (channelId) => ({ id: "m", channel_id: channelId }) as APIMessage;
    const queue = new ChannelResultQueue(send, { now: () => now, setTimer: () => {} });
    const channels = Array.from({ length: 100 }, (_, i) => `channel-${i}`);
    await Promise.all(
      channels.map((c) =>
        queue.post(c, { message: grid("1"), requesterId: "1", nonce: c, log: silentLogger }),
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(queue.busyChannels).toBe(0);
    expect(queue.channelsHeld).toBe(100);
    now += 999;
    expect(queue.channelsHeld).toBe(100);
    now += 1;
    expect(queue.channelsHeld).toBe(0);
  });
});

/** Discord's side of nonces: a nonce seen before returns the message posted under it. */
function discordWithNonces(before: Record<string, string[]> = {}) {
  const byNonce = new Map<string, APIMessage>();
  const created: { nonce: string; titles: string[] }[] = [];
  const messageOf = (id: string, titles: string[]) =>
    ({
      id,
      channel_id: "c",
      embeds: titles.map((t) => ({ title: t, footer: { text: `job ${t}` } })),
      components: [],
    }) as unknown as APIMessage;
  for (const [nonce, titles] of Object.entries(before)) byNonce.set(nonce, messageOf(`old-${nonce}`, titles));
  const send: NoncedPost = async (_channel, message, { nonce }) => {
    const known = byNonce.get(nonce);
    if (known) return known;
    const titles = message.payload.embeds.map((e) => e.title ?? "");
    created.push({ nonce, titles });
    const posted = messageOf(String(created.length), titles);
    byNonce.set(nonce, posted);
    return posted;
  };
  return { send, created };
}

/** A result whose nonce was recorded as `recorded` before a restart. */
function recordedResult(id: string, recorded: string) {
  const message = grid(id);
  const embeds = message.payload.embeds.map((e) => ({ ...e, footer: { text: `job ${id}` } }));
  return {
    message: { ...message, payload: { ...message.payload, embeds } },
    requesterId: id,
    nonce: `n-${id}`,
    claim: () => Promise.resolve(recorded),
    log: silentLogger,
  };
}

describe("results recorded under a batch's nonce before a restart", () => {
  test("a batch that was posted is found again: its results post nothing new", async () => {
    const discord = discordWithNonces({ N: ["A", "B"] });
    const queue = new ChannelResultQueue(discord.send);
    const [a, b] = await Promise.all([
      queue.post("c", recordedResult("A", "N")),
      queue.post("c", recordedResult("B", "N")),
    ]);
    expect(discord.created).toEqual([]);
    expect([a.id, b.id]).toEqual(["old-N", "old-N"]);
  });

  test("a batch that was never posted loses none of its results: one goes under its nonce, the others alone", async () => {
    const discord = discordWithNonces();
    const queue = new ChannelResultQueue(discord.send);
    const a = await queue.post("c", recordedResult("A", "N"));
    const b = await queue.post("c", recordedResult("B", "N"));
    expect(discord.created).toEqual([
      { nonce: "N", titles: ["A"] },
      { nonce: "n-B", titles: ["B"] },
    ]);
    expect(a.embeds.map((e) => e.title)).toEqual(["A"]);
    expect(b.embeds.map((e) => e.title)).toEqual(["B"]);
  });
});
