import { MessageFlags, RESTJSONErrorCodes } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import { DiscordApiError } from "../../../tools/discord-emulator/rest/api-error.js";
import {
  buildMessageDraft,
  type DraftContext,
  type UploadedFile,
} from "../../../tools/discord-emulator/validation/message-payload.js";
import type {
  MessageVersion,
  StoredAttachment,
} from "../../../tools/discord-emulator/world/message-store.js";

let nextId = 1;
function attachment(filename: string): StoredAttachment {
  const id = String(nextId++);
  return {
    id,
    filename,
    contentType: null,
    size: 1,
    bytes: Buffer.from("x"),
    description: null,
    url: `http://cdn/${id}/${filename}`,
    ephemeral: false,
  };
}
const file = (index: number, filename: string, size = 1): UploadedFile => ({
  field: `files[${index}]`,
  index,
  filename,
  contentType: "image/png",
  bytes: Buffer.alloc(size),
});

function context(overrides: Partial<DraftContext> = {}): DraftContext & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    mode: "create",
    existing: null,
    files: [],
    allowEphemeral: false,
    storeFile: (f) => attachment(f.filename),
    maxUploadBytes: 100,
    warn: (m) => warnings.push(m),
    warnings,
    ...overrides,
  };
}

function rejection(body: unknown, ctx: DraftContext = context()): DiscordApiError {
  try {
    buildMessageDraft(body, ctx);
  } catch (error) {
    if (error instanceof DiscordApiError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

const button = (extra: object) => ({ type: 2, style: 1, label: "Go", custom_id: "go", ...extra });

describe("buildMessageDraft", () => {
  test.each([
    [
      "a link button with a custom_id",
      { components: [{ type: 1, components: [button({ style: 5, url: "https://example.com" })] }] },
      ["components", "0", "components", "0", "custom_id"],
    ],
    [
      "a button with neither label nor emoji",
      { components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: "x" }] }] },
      ["components", "0", "components", "0"],
    ],
    [
      "two components with one custom_id",
      { components: [{ type: 1, components: [button({}), button({ label: "Again" })] }] },
      ["components", "0", "components", "1", "custom_id"],
    ],
    [
      "a select menu sharing its row",
      {
        components: [
          {
            type: 1,
            components: [{ type: 3, custom_id: "s", options: [{ label: "a", value: "a" }] }, button({})],
          },
        ],
      },
      ["components", "0", "components"],
    ],
    [
      "an 81-character button label",
      { components: [{ type: 1, components: [button({ label: "l".repeat(81) })] }] },
      ["components", "0", "components", "0", "label"],
    ],
    [
      "an ftp embed image",
      { embeds: [{ image: { url: "ftp://example.com/a.png" } }] },
      ["embeds", "0", "image", "url"],
    ],
    [
      "an embed field without a value",
      { embeds: [{ fields: [{ name: "n" }] }] },
      ["embeds", "0", "fields", "0", "value"],
    ],
    [
      "a footer over 2048 characters",
      { embeds: [{ footer: { text: "f".repeat(2049) } }] },
      ["embeds", "0", "footer", "text"],
    ],
    [
      "an author name over 256 characters",
      { embeds: [{ author: { name: "a".repeat(257) } }] },
      ["embeds", "0", "author", "name"],
    ],
    [
      "content with the Components V2 flag",
      { content: "hi", flags: MessageFlags.IsComponentsV2, components: [{ type: 10, content: "text" }] },
      ["content"],
    ],
    ["a 26-character nonce", { content: "hi", nonce: "n".repeat(26) }, ["nonce"]],
  ])("%s is rejected with 50035 at the field", (_name, body, path) => {
    const error = rejection(body);
    expect(error.code).toBe(RESTJSONErrorCodes.InvalidFormBodyOrContentType);
    let node: unknown = error.errors;
    for (const key of path) node = (node as Record<string, unknown>)[key];
    expect(node, JSON.stringify(error.errors)).toHaveProperty("_errors");
  });

  test("content is counted in characters, so 2000 emoji fit", () => {
    expect(buildMessageDraft({ content: "🦊".repeat(2000) }, context()).version.content).toHaveLength(4000);
  });

  test("a file over the upload limit is 413 Request entity too large", () => {
    expect(rejection({ content: "x" }, context({ files: [file(0, "big.png", 101)] }))).toMatchObject({
      status: 413,
      code: RESTJSONErrorCodes.RequestEntityTooLarge,
    });
  });

  test("the ephemeral flag is kept only where allowed", () => {
    const body = { content: "x", flags: MessageFlags.Ephemeral };
    expect(buildMessageDraft(body, context()).version.flags).toBe(0);
    expect(buildMessageDraft(body, context({ allowEphemeral: true })).version.flags).toBe(
      MessageFlags.Ephemeral,
    );
  });

  describe("editing attachments", () => {
    const kept = attachment("kept.png");
    const dropped = attachment("dropped.png");
    const existing: MessageVersion = {
      content: "x",
      embeds: [],
      components: [],
      attachments: [kept, dropped],
      flags: 0,
      editedAt: null,
    };
    const edit = (body: unknown, files: UploadedFile[] = []) =>
      buildMessageDraft(body, context({ mode: "edit", existing, files }));

    test("without an attachments field every attachment stays", () => {
      expect(edit({ content: "y" }).version.attachments.map((a) => a.filename)).toEqual([
        "kept.png",
        "dropped.png",
      ]);
    });
    test("an attachments list keeps only the listed ones plus new uploads", () => {
      const draft = edit({ attachments: [{ id: kept.id }, { id: 0 }] }, [file(0, "new.png")]);
      expect(draft.version.attachments.map((a) => a.filename)).toEqual(["kept.png", "new.png"]);
    });
    test("an empty list removes them all", () => {
      expect(edit({ content: "y", attachments: [] }).version.attachments).toEqual([]);
    });
    test("an attachment:// reference may name a kept attachment", () => {
      expect(() => edit({ embeds: [{ image: { url: "attachment://kept.png" } }] })).not.toThrow();
    });
    test("an unknown attachment id is rejected", () => {
      const error = rejection({ attachments: [{ id: "999" }] }, context({ mode: "edit", existing }));
      expect(error.errors).toMatchObject({
        attachments: { 0: { id: { _errors: [{ code: "ATTACHMENT_NOT_FOUND" }] } } },
      });
    });
  });

  test("an embed image on a private address is accepted with a warning that Discord cannot show it", () => {
    const ctx = context();
    buildMessageDraft({ embeds: [{ image: { url: "http://192.168.1.20:8080/a.png" } }] }, ctx);
    expect(ctx.warnings[0]).toMatch(/not publicly reachable/);
  });
});
