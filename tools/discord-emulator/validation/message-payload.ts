/**
 * Turns a create/edit message request (JSON body plus uploaded files) into the next message version,
 * enforcing Discord's limits: content, embeds, components, attachments and `attachment://` references.
 * @see https://discord.com/developers/docs/resources/message#create-message
 * @see https://discord.com/developers/docs/reference#uploading-files
 */
import { MessageFlags, type APIMessageReference } from "discord-api-types/v10";
import { apiErrors, FormErrors } from "../rest/api-error.js";
import { validateAllowedMentions } from "./allowed-mentions.js";
import { validateComponents } from "./component-validation.js";
import { charCount, resolveEmbed, validateEmbeds } from "./embed-validation.js";
import type { AllowedMentions, MessageVersion, StoredAttachment } from "../world/message-store.js";
import { withDiscordDefaults } from "../world/component-ids.js";
import { isRecord } from "./json-values.js";

/** Discord's message limits outside embeds and components. */
export const MESSAGE_LIMITS = {
  content: 2000,
  attachments: 10,
  nonce: 25,
  attachmentDescription: 1024,
} as const;

/** One file part of a multipart request. */
export interface UploadedFile {
  /** The form field name, e.g. `files[0]`. */
  field: string;
  /** The n of `files[n]`, which `attachments[].id` refers to. */
  index: number | null;
  filename: string;
  contentType: string | null;
  bytes: Buffer;
}

/** What {@link buildMessageDraft} needs to know about the request. */
export interface DraftContext {
  mode: "create" | "edit";
  /** The current version when editing. */
  existing: MessageVersion | null;
  files: readonly UploadedFile[];
  /** Interaction responses and follow-ups may be ephemeral. */
  allowEphemeral: boolean;
  /** Gives an uploaded file its attachment id and URL. */
  storeFile(file: UploadedFile, description: string | null): StoredAttachment;
  maxUploadBytes: number;
  warn(message: string): void;
}

/** The validated result. */
export interface MessageDraft {
  version: Omit<MessageVersion, "editedAt">;
  tts: boolean;
  nonce: string | number | null;
  /** `enforce_nonce`: a message of the same author with this nonce, created recently, is returned instead. */
  enforceNonce: boolean;
  messageReference: APIMessageReference | null;
  /** Whether the request sends embeds (needs Embed Links in channels). */
  setsEmbeds: boolean;
  /** Whether the request uploads files (needs Attach Files in channels). */
  uploadsFiles: boolean;
}

const CREATE_FLAGS =
  MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications | MessageFlags.IsComponentsV2;

function resolveAttachments(
  body: Record<string, unknown>,
  ctx: DraftContext,
  errors: FormErrors,
): StoredAttachment[] {
  for (const file of ctx.files) if (file.bytes.length > ctx.maxUploadBytes) throw apiErrors.tooLarge();
  const unused = new Set(ctx.files);
  const result: StoredAttachment[] = [];
  const listed = body.attachments;
  if (Array.isArray(listed)) {
    listed.forEach((entry: unknown, i) => {
      if (!isRecord(entry) || (typeof entry.id !== "string" && typeof entry.id !== "number")) {
        errors.required(["attachments", i, "id"]);
        return;
      }
      const id = String(entry.id);
      const description = typeof entry.description === "string" ? entry.description : null;
      if (description !== null && charCount(description) > MESSAGE_LIMITS.attachmentDescription) {
        errors.maxLength(["attachments", i, "description"], MESSAGE_LIMITS.attachmentDescription);
        return;
      }
      const file = ctx.files.find((f) => f.index !== null && String(f.index) === id && unused.has(f));
      if (file) {
        unused.delete(file);
        const filename =
          typeof entry.filename === "string" && entry.filename !== "" ? entry.filename : file.filename;
        result.push(ctx.storeFile({ ...file, filename }, description));
        return;
      }
      const kept = ctx.existing?.attachments.find((a) => a.id === id);
      if (kept) result.push(kept);
      else
        errors.add(
          ["attachments", i, "id"],
          "ATTACHMENT_NOT_FOUND",
          `No uploaded file files[${id}] and no attachment ${id} on this message`,
        );
    });
  } else if (listed !== undefined && listed !== null) {
    errors.add(["attachments"], "BASE_TYPE_LIST", "Must be an array.");
  } else if (ctx.existing) {
    result.push(...ctx.existing.attachments);
  }
  for (const file of unused) result.push(ctx.storeFile(file, null));
  if (result.length > MESSAGE_LIMITS.attachments)
    errors.maxLength(["attachments"], MESSAGE_LIMITS.attachments);
  return result;
}

function resolveFlags(body: Record<string, unknown>, ctx: DraftContext, errors: FormErrors): number {
  const given = body.flags;
  if (
    given !== undefined &&
    given !== null &&
    (typeof given !== "number" || !Number.isInteger(given) || given < 0)
  ) {
    errors.add(["flags"], "NUMBER_TYPE_COERCE", `Value "${String(given)}" is not int.`);
    return ctx.existing?.flags ?? 0;
  }
  const requested = typeof given === "number" ? given : 0;
  if (ctx.existing) {
    // Only SUPPRESS_EMBEDS can change on edit; Components V2 can be switched on but never off.
    const kept = ctx.existing.flags & ~MessageFlags.SuppressEmbeds;
    const suppress =
      typeof given === "number"
        ? requested & MessageFlags.SuppressEmbeds
        : ctx.existing.flags & MessageFlags.SuppressEmbeds;
    return kept | suppress | (requested & MessageFlags.IsComponentsV2);
  }
  return requested & (CREATE_FLAGS | (ctx.allowEphemeral ? MessageFlags.Ephemeral : 0));
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** `allowed_mentions` as sent; undefined when the request has none. */
function allowedMentionsOf(value: unknown): AllowedMentions | undefined {
  if (!isRecord(value)) return undefined;
  return {
    parse: stringsOf(value.parse),
    users: stringsOf(value.users),
    roles: stringsOf(value.roles),
    repliedUser: value.replied_user === true,
  };
}

/** Validates a message request and returns the resulting message version; throws a {@link DiscordApiError}. */
export function buildMessageDraft(body: unknown, ctx: DraftContext): MessageDraft {
  const errors = new FormErrors();
  if (!isRecord(body)) {
    errors.add([], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    errors.throwIfAny();
    throw new Error("unreachable");
  }
  const base = ctx.existing;
  let content = base?.content ?? "";
  if (body.content !== undefined) {
    if (body.content === null) content = "";
    else if (typeof body.content !== "string")
      errors.add(["content"], "BASE_TYPE_STRING", "Could not interpret value as string.");
    else if (charCount(body.content) > MESSAGE_LIMITS.content)
      errors.maxLength(["content"], MESSAGE_LIMITS.content);
    else content = body.content;
  }
  const flags = resolveFlags(body, ctx, errors);
  const componentsV2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  const attachments = resolveAttachments(body, ctx, errors);

  let embeds = base?.embeds ?? [];
  if (body.embeds !== undefined) {
    const names = new Set(attachments.map((a) => a.filename));
    embeds =
      body.embeds === null
        ? []
        : validateEmbeds({ errors, attachmentNames: names, warn: ctx.warn }, body.embeds);
  }
  let components = base?.components ?? [];
  if (body.components !== undefined) {
    components =
      body.components === null
        ? []
        : withDiscordDefaults(validateComponents(errors, body.components, componentsV2));
  }
  if (componentsV2 && (content !== "" || embeds.length > 0)) {
    errors.add(
      [content !== "" ? "content" : "embeds"],
      "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
      "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    );
  }
  if (body.tts !== undefined && typeof body.tts !== "boolean")
    errors.add(["tts"], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
  const nonce = body.nonce;
  if (
    nonce !== undefined &&
    nonce !== null &&
    !(typeof nonce === "number" && Number.isInteger(nonce)) &&
    !(typeof nonce === "string" && nonce.length <= MESSAGE_LIMITS.nonce)
  ) {
    errors.add(["nonce"], "BASE_TYPE_MAX_LENGTH", `Must be ${MESSAGE_LIMITS.nonce} or fewer in length.`);
  }
  if (body.enforce_nonce !== undefined && typeof body.enforce_nonce !== "boolean")
    errors.add(["enforce_nonce"], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
  validateAllowedMentions(errors, body.allowed_mentions);
  let messageReference: APIMessageReference | null = null;
  if (body.message_reference !== undefined && body.message_reference !== null) {
    if (!isRecord(body.message_reference) || typeof body.message_reference.message_id !== "string") {
      errors.required(["message_reference", "message_id"]);
    } else messageReference = body.message_reference as unknown as APIMessageReference;
  }
  errors.throwIfAny();

  if (content === "" && embeds.length === 0 && attachments.length === 0 && components.length === 0) {
    throw apiErrors.emptyMessage();
  }
  const urlOf = (name: string) => attachments.find((a) => a.filename === name)?.url;
  const allowedMentions = allowedMentionsOf(body.allowed_mentions);
  return {
    version: {
      content,
      embeds: body.embeds === undefined ? embeds : embeds.map((e) => resolveEmbed(e, urlOf)),
      components,
      attachments,
      flags,
      ...(allowedMentions ? { allowedMentions } : {}),
    },
    tts: body.tts === true,
    nonce: typeof nonce === "string" || typeof nonce === "number" ? nonce : null,
    enforceNonce: body.enforce_nonce === true,
    messageReference,
    setsEmbeds: Array.isArray(body.embeds) && body.embeds.length > 0,
    uploadsFiles: ctx.files.length > 0,
  };
}
