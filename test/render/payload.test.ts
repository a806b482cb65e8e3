import type { BaseMessageOptions, InteractionEditReplyOptions, MessageEditOptions } from "discord.js";
import { describe, expect, test } from "vitest";
import { visibleKey, type MessagePayload } from "../../src/render/payload.js";

const base: MessagePayload = {
  content: "hello",
  embeds: [{ title: "T", description: "D", image: { url: "https://a.example/1.png" }, color: 1 }],
  components: [{ type: 1, components: [{ type: 2, style: 2, custom_id: "imagine:r:job", label: "U1" }] }],
  allowedMentions: { parse: [], users: [], repliedUser: false },
};

describe("visibleKey", () => {
  test("does not depend on the order of keys", () => {
    const reordered: MessagePayload = {
      allowedMentions: base.allowedMentions,
      components: base.components,
      embeds: [{ color: 1, image: { url: "https://a.example/1.png" }, description: "D", title: "T" }],
      content: "hello",
    };
    expect(visibleKey(reordered)).toBe(visibleKey(base));
  });

  test("ignores who may be pinged, which nobody sees", () => {
    expect(visibleKey({ ...base, allowedMentions: { parse: [], users: ["1"], repliedUser: true } })).toBe(
      visibleKey(base),
    );
  });

  test.each<[string, MessagePayload]>([
    ["the content", { ...base, content: "hello!" }],
    ["the description", { ...base, embeds: [{ ...base.embeds[0], description: "D2" }] }],
    ["the image", { ...base, embeds: [{ ...base.embeds[0], image: { url: "https://a.example/2.png" } }] }],
    ["the colour", { ...base, embeds: [{ ...base.embeds[0], color: 2 }] }],
    ["the buttons", { ...base, components: [] }],
  ])("changes with %s", (_what, changed) => {
    expect(visibleKey(changed)).not.toBe(visibleKey(base));
  });
});

describe("MessagePayload", () => {
  test("is accepted by discord.js for sending, editing and editing a reply", () => {
    // Checked by the type checker: a payload goes straight into discord.js without conversion.
    const send: BaseMessageOptions = base;
    const edit: MessageEditOptions = base;
    const editReply: InteractionEditReplyOptions = base;
    expect([send, edit, editReply].every((options) => options === base)).toBe(true);
    expect(JSON.parse(JSON.stringify(base))).toEqual(base);
  });
});
