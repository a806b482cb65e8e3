import { describe, expect, test } from "vitest";
import { documentedFieldsOnly } from "../../src/discord/documented-fields.js";

const API = "https://discord.com/api/v10";
const message = { content: "hi", tts: false, enforce_nonce: false, embeds: [] };

function sent(method: string, path: string, body: unknown): unknown {
  const init = documentedFieldsOnly(`${API}${path}`, { method, body: JSON.stringify(body) });
  return JSON.parse(String(init.body));
}

describe("only the fields Discord documents for the route are sent", () => {
  test.each([
    ["an edit of a channel message", "PATCH", "/channels/1/messages/2"],
    ["an interaction's reply edit", "PATCH", "/webhooks/1/token/messages/@original"],
    ["an interaction's follow-up", "POST", "/webhooks/1/token"],
  ])("%s carries no tts or enforce_nonce", (_name, method, path) => {
    expect(sent(method, path, message)).toEqual({ content: "hi", embeds: [] });
  });

  test("an interaction callback carries none in its data", () => {
    expect(sent("POST", "/interactions/1/token/callback", { type: 7, data: message })).toEqual({
      type: 7,
      data: { content: "hi", embeds: [] },
    });
  });

  test("a new channel message keeps them: that route documents both", () => {
    expect(sent("POST", "/channels/1/messages", message)).toEqual(message);
  });

  test("a multipart body's payload_json loses them too", () => {
    const form = new FormData();
    form.set("payload_json", JSON.stringify(message));
    const init = documentedFieldsOnly(`${API}/webhooks/1/token/messages/@original`, {
      method: "PATCH",
      body: form,
    });
    expect(JSON.parse(String((init.body as FormData).get("payload_json")))).toEqual({
      content: "hi",
      embeds: [],
    });
  });
});
