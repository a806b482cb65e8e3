import type { APIActionRowComponent, APIButtonComponent, APIEmbed } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import { DISCORD_LIMITS, embedTextLength, fitMessageLimits, truncate } from "../../src/render/limits.js";
import type { MessagePayload } from "../../src/render/payload.js";
import { expectWithinDiscordLimits } from "./helpers.js";

function payload(parts: Partial<MessagePayload>): MessagePayload {
  return {
    content: "",
    embeds: [],
    components: [],
    allowedMentions: { parse: [], users: [], repliedUser: false },
    ...parts,
  };
}

function button(id: string, label = "B"): APIButtonComponent {
  return { type: 2, style: 2, custom_id: id, label };
}

function row(...components: APIButtonComponent[]): APIActionRowComponent<APIButtonComponent> {
  return { type: 1, components };
}

describe("truncate: between words, never inside a code span or a link", () => {
  test.each([
    ["hello", 10, "hello"],
    ["hello", 5, "hello"],
    ["hello world", 5, "hell…"],
    ["hello world", 7, "hello…"],
    ["abc", 1, "…"],
    ["abc", 0, ""],
    ["ab🦊cd", 4, "ab…"],
    ["hi <@123456789012345678> there", 10, "hi…"],
    ["at <t:1714557600:R> ok", 12, "at…"],
    ["ab\\*cd", 4, "ab…"],
    ["a\\\\bc", 4, "a\\\\…"],
    ["", 3, ""],
    ["one two three four", 12, "one two…"],
    ["say `--ar 16:9 --v 6` then", 16, "say…"],
    ["go to https://example.com/a/b now", 24, "go to…"],
    ["read [the guide](https://example.com/guide) first", 30, "read…"],
    ["connect ECONNREFUSED to the server now", 20, "connect…"],
    ["Midjourney credits exhausted, renew them", 30, "Midjourney credits exhausted…"],
    ["Supercalifragilistic", 8, "Superca…"],
  ])("shortens %j to at most %d as %j", (text, max, expected) => {
    const result = truncate(text, max);
    expect(result).toBe(expected);
    expect(result.length).toBeLessThanOrEqual(max);
  });
});

describe("embedTextLength", () => {
  test("counts title, description, field names and values, footer and author name", () => {
    const embed: APIEmbed = {
      title: "ab",
      description: "cde",
      fields: [{ name: "f", value: "gh" }],
      footer: { text: "ijkl", icon_url: "https://a.example/i.png" },
      author: { name: "mn", url: "https://a.example" },
      image: { url: "https://a.example/not-counted.png" },
    };
    expect(embedTextLength(embed)).toBe(2 + 3 + 1 + 2 + 4 + 2);
  });
});

describe("fitMessageLimits", () => {
  test("cuts content over 2000 characters with an ellipsis", () => {
    const fitted = fitMessageLimits(payload({ content: "x".repeat(5000) }));
    expect(fitted.content).toHaveLength(2000);
    expect(fitted.content.endsWith("…")).toBe(true);
  });

  test("fits an embed where every part is over its limit", () => {
    const huge: APIEmbed = {
      title: "t".repeat(1000),
      description: "d".repeat(10_000),
      fields: Array.from({ length: 30 }, (_, i) => ({ name: `${i}`.repeat(500), value: "v".repeat(5000) })),
      footer: { text: "f".repeat(5000) },
      author: { name: "a".repeat(1000) },
    };
    const fitted = fitMessageLimits(payload({ embeds: [huge] }));
    expectWithinDiscordLimits(fitted);
    expect(fitted.embeds[0]?.fields).toHaveLength(DISCORD_LIMITS.fields);
    expect(fitted.embeds[0]?.title).toHaveLength(DISCORD_LIMITS.title);
  });

  test("keeps at most 10 embeds and 6000 characters across all of them", () => {
    const embeds = Array.from({ length: 12 }, (_, i) => ({ title: `#${i}`, description: "d".repeat(4000) }));
    const fitted = fitMessageLimits(payload({ embeds }));
    expectWithinDiscordLimits(fitted);
    expect(fitted.embeds).toHaveLength(10);
    expect(fitted.embeds.map((e) => e.title)).toEqual(embeds.slice(0, 10).map((e) => e.title));
  });

  test("shortens the description before the fields when the total is over 6000", () => {
    const fields = Array.from({ length: 3 }, (_, i) => ({ name: `field ${i}`, value: "v".repeat(1000) }));
    const fitted = fitMessageLimits(
      payload({ embeds: [{ title: "T", description: "d".repeat(4096), fields }] }),
    );
    expectWithinDiscordLimits(fitted);
    expect(fitted.embeds[0]?.fields).toEqual(fields);
    expect(fitted.embeds[0]?.description?.endsWith("…")).toBe(true);
  });

  test("fills empty field names and values, which Discord refuses", () => {
    const fitted = fitMessageLimits(
      payload({ embeds: [{ title: "T", fields: [{ name: "", value: "  " }] }] }),
    );
    expect(fitted.embeds[0]?.fields).toEqual([{ name: "\u200b", value: "\u200b" }]);
  });

  test("drops embeds with nothing to show, and never returns an empty message", () => {
    const fitted = fitMessageLimits(
      payload({ content: "  ", embeds: [{ title: "", description: "", footer: { text: "" }, color: 5 }] }),
    );
    expect(fitted.embeds).toEqual([]);
    expect(fitted.content).toBe("\u200b");
    expectWithinDiscordLimits(fitted);
  });

  test("keeps an image-only embed", () => {
    const fitted = fitMessageLimits(payload({ embeds: [{ image: { url: "attachment://grid.png" } }] }));
    expect(fitted.embeds).toEqual([{ image: { url: "attachment://grid.png" } }]);
  });

  test.each([
    ["https://cdn.example.com/a.png", true],
    ["attachment://grid.png", true],
    ["ftp://cdn.example.com/a.png", false],
    ["localhost/a.png", false],
    ["javascript:alert(1)", false],
    ["", false],
    [`https://cdn.example.com/${"a".repeat(3000)}.png`, false],
  ])("keeps the image URL %j: %s", (url, kept) => {
    const fitted = fitMessageLimits(
      payload({ embeds: [{ title: "T", image: { url }, thumbnail: { url } }] }),
    );
    expect(fitted.embeds[0]?.image?.url).toBe(kept ? url : undefined);
    expect(fitted.embeds[0]?.thumbnail?.url).toBe(kept ? url : undefined);
  });

  test.each([
    [0x57f287, 0x57f287],
    [0, 0],
    [0x1000000, 0xffffff],
    [-1, undefined],
    [1.5, undefined],
  ])("keeps the colour %d as %s", (color, expected) => {
    expect(fitMessageLimits(payload({ embeds: [{ title: "T", color }] })).embeds[0]?.color).toBe(expected);
  });

  test("keeps at most 5 rows of 5 buttons", () => {
    const rows = Array.from({ length: 7 }, (_, r) =>
      row(...Array.from({ length: 7 }, (_, b) => button(`b${r}-${b}`))),
    );
    const fitted = fitMessageLimits(payload({ components: rows }));
    expectWithinDiscordLimits(fitted);
    expect(fitted.components).toHaveLength(5);
    expect(fitted.components.every((r) => r.components.length === 5)).toBe(true);
  });

  test("drops buttons Discord would refuse and fits labels", () => {
    const rows = [
      row(
        button("x".repeat(101)),
        button("same"),
        button("same"),
        button("long", "L".repeat(200)),
        { type: 2, style: 2, custom_id: "emoji-only", label: " ", emoji: { name: "🔄" } },
        button("nothing", ""),
      ),
      row({ type: 2, style: 5, url: "javascript:alert(1)", label: "bad link" }),
      row({ type: 2, style: 5, url: "https://a.example", label: "good link" }),
    ];
    const fitted = fitMessageLimits(payload({ components: rows }));
    expectWithinDiscordLimits(fitted);
    expect(fitted.components).toEqual([
      row(button("same"), button("long", `${"L".repeat(79)}…`), {
        type: 2,
        style: 2,
        custom_id: "emoji-only",
        emoji: { name: "🔄" },
      }),
      row({ type: 2, style: 5, url: "https://a.example", label: "good link" }),
    ]);
  });

  test("does not change its input and gives the same result when run twice", () => {
    const input = payload({
      content: "c".repeat(3000),
      embeds: [{ description: "d".repeat(5000), fields: [{ name: "", value: "v".repeat(2000) }] }],
      components: [row(button("a"), button("a"))],
    });
    const copy = structuredClone(input);
    const once = fitMessageLimits(input);
    expect(input).toEqual(copy);
    expect(fitMessageLimits(once)).toEqual(once);
  });
});
