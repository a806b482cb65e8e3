/**
 * Sends Discord only the fields its API documents for a route. discord.js 14 writes `tts: false` and
 * `enforce_nonce: false` into every message body it builds, edits, interaction callbacks and webhook
 * messages included, where Discord's API description declares neither (only creating a channel message
 * takes them): this drops them there, in the request itself, whatever built the body.
 * @see https://discord.com/developers/docs/resources/message#edit-message
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response
 * @see https://discord.com/developers/docs/resources/webhook#edit-webhook-message
 */
import { DefaultRestOptions, type RESTOptions } from "discord.js";
import type { RequestInit } from "undici";

/** Fields of a message body that only a new channel message (`POST /channels/{id}/messages`) takes. */
const CREATE_ONLY_FIELDS = ["tts", "enforce_nonce"] as const;

/** An interaction callback: its message is in `data`. */
const CALLBACK = /\/interactions\/\d+\/[^/]+\/callback$/;
/** A webhook message (an interaction's follow-up or edit) or an edit of a channel message. */
const MESSAGE_ROUTES = /\/(?:webhooks\/\d+\/[^/]+(?:\/messages\/[^/]+)?|channels\/\d+\/messages\/\d+)$/;

function withoutCreateOnlyFields(body: unknown, inData: boolean): unknown {
  if (typeof body !== "object" || body === null) return body;
  const record = body as Record<string, unknown>;
  if (inData) return { ...record, data: withoutCreateOnlyFields(record.data, false) };
  const copy = { ...record };
  for (const field of CREATE_ONLY_FIELDS) delete copy[field];
  return copy;
}

/** `init` with `tts`/`enforce_nonce` removed from its JSON (or multipart `payload_json`) where `url` takes neither. */
export function documentedFieldsOnly(url: string, init: RequestInit): RequestInit {
  const path = new URL(url).pathname;
  const inData = CALLBACK.test(path);
  if (!inData && !MESSAGE_ROUTES.test(path)) return init;
  if (path.match(/\/channels\/\d+\/messages\/\d+$/) && init.method !== "PATCH") return init;
  const { body } = init;
  if (typeof body === "string") {
    try {
      return { ...init, body: JSON.stringify(withoutCreateOnlyFields(JSON.parse(body), inData)) };
    } catch {
      return init;
    }
  }
  if (body instanceof FormData) {
    const payload = body.get("payload_json");
    if (typeof payload !== "string") return init;
    body.set("payload_json", JSON.stringify(withoutCreateOnlyFields(JSON.parse(payload), inData)));
  }
  return init;
}

/** discord.js's own request, with only the fields Discord documents for the route. */
export const sendDocumented: RESTOptions["makeRequest"] = (url, init) =>
  DefaultRestOptions.makeRequest(url, documentedFieldsOnly(url, init));
