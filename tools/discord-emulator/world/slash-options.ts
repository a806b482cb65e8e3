/**
 * Turns the options a test gives a slash command into the `options` and `resolved` data Discord sends,
 * refusing what the Discord client would never let a user send (unknown or missing options, wrong types,
 * values outside choices, lengths or ranges).
 * @see https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-interaction-data-option-structure
 */
import { ApplicationCommandOptionType, type APIApplicationCommandOption } from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import { attachmentObject } from "./message-objects.js";
import { charCount } from "../validation/embed-validation.js";
import type { EmulatedChannel, EmulatedRole, EmulatedUser } from "./world-types.js";
import { channelObject, memberObject, roleObject, userObject } from "./world-objects.js";

/** A file a user attaches to an attachment option. */
export interface AttachmentInput {
  filename: string;
  bytes: Buffer | Uint8Array | string;
  contentType?: string;
}

/** A value for one option: plain values, a user/channel/role of the world (or its id), or a file. */
export type SlashOptionValue =
  string | number | boolean | AttachmentInput | EmulatedUser | EmulatedChannel | EmulatedRole;

/** One option as Discord sends it. */
export interface InteractionOption {
  name: string;
  type: ApplicationCommandOptionType;
  value?: string | number | boolean;
  options?: InteractionOption[];
  /** The option an autocomplete interaction asks about. */
  focused?: boolean;
}

/** Where the command is used. */
export interface OptionScope {
  channelId: string;
  guildId: string | null;
}

/** The result: options plus the `resolved` map. */
export interface ResolvedOptions {
  options: InteractionOption[];
  resolved: Record<string, Record<string, unknown>>;
}

function isAttachmentInput(v: SlashOptionValue): v is AttachmentInput {
  return typeof v === "object" && "filename" in v && "bytes" in v;
}

function idOf(v: SlashOptionValue): string {
  return typeof v === "object" && "id" in v ? v.id : String(v);
}

function inferType(value: SlashOptionValue): ApplicationCommandOptionType {
  if (typeof value === "string") return ApplicationCommandOptionType.String;
  if (typeof value === "boolean") return ApplicationCommandOptionType.Boolean;
  if (typeof value === "number")
    return Number.isInteger(value)
      ? ApplicationCommandOptionType.Integer
      : ApplicationCommandOptionType.Number;
  if (isAttachmentInput(value)) return ApplicationCommandOptionType.Attachment;
  if ("username" in value) return ApplicationCommandOptionType.User;
  if ("permissions" in value) return ApplicationCommandOptionType.Role;
  return ApplicationCommandOptionType.Channel;
}

/** Resolves options against a command definition (or infers types when `definition` is null). */
export function resolveSlashOptions(
  ctx: EmulatorContext,
  scope: OptionScope,
  definition: readonly APIApplicationCommandOption[] | null,
  given: Record<string, SlashOptionValue>,
): ResolvedOptions {
  const resolved: Record<string, Record<string, unknown>> = {};
  const put = (kind: string, id: string, value: unknown) => {
    resolved[kind] ??= {};
    resolved[kind][id] = value;
  };
  const fail = (message: string): never => {
    throw new Error(`sendSlashCommand: ${message} (the Discord client would not let a user send this)`);
  };
  if (definition) {
    for (const name of Object.keys(given)) {
      if (!definition.some((o) => o.name === name))
        fail(
          `unknown option "${name}"; the command has ${definition.map((o) => o.name).join(", ") || "no options"}`,
        );
    }
  }
  const specs =
    definition ??
    Object.entries(given).map(
      ([name, value]) => ({ name, type: inferType(value) }) as APIApplicationCommandOption,
    );
  const options: InteractionOption[] = [];
  for (const spec of specs) {
    const value = given[spec.name];
    if (value === undefined) {
      if ("required" in spec && spec.required) fail(`required option "${spec.name}" is missing`);
      continue;
    }
    const bad = (what: string) => fail(`option "${spec.name}" ${what}`);
    switch (spec.type) {
      case ApplicationCommandOptionType.String: {
        if (typeof value !== "string") bad("needs a string");
        const text = value as string;
        if (spec.min_length !== undefined && charCount(text) < spec.min_length)
          bad(`is shorter than ${spec.min_length}`);
        if (spec.max_length !== undefined && charCount(text) > spec.max_length)
          bad(`is longer than ${spec.max_length}`);
        if (spec.choices && !spec.choices.some((c) => c.value === text))
          bad(`must be one of ${spec.choices.map((c) => c.value).join(", ")}`);
        options.push({ name: spec.name, type: spec.type, value: text });
        break;
      }
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number: {
        if (
          typeof value !== "number" ||
          (spec.type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))
        )
          bad("needs a number of the right kind");
        const n = value as number;
        if (spec.min_value !== undefined && n < spec.min_value) bad(`is below ${spec.min_value}`);
        if (spec.max_value !== undefined && n > spec.max_value) bad(`is above ${spec.max_value}`);
        if (spec.choices && !spec.choices.some((c) => c.value === n))
          bad(`must be one of ${spec.choices.map((c) => c.value).join(", ")}`);
        options.push({ name: spec.name, type: spec.type, value: n });
        break;
      }
      case ApplicationCommandOptionType.Boolean:
        if (typeof value !== "boolean") bad("needs true or false");
        options.push({ name: spec.name, type: spec.type, value: value as boolean });
        break;
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Mentionable: {
        const id = idOf(value);
        const user = ctx.world.users.get(id);
        const role = ctx.world.roles.get(id);
        if (user) {
          put("users", id, userObject(user));
          const member = scope.guildId ? ctx.world.member(scope.guildId, id) : undefined;
          if (member) {
            const { user: _u, ...partial } = memberObject(ctx.world, member);
            put("members", id, {
              ...partial,
              permissions: ctx.world.permissionsIn(scope.channelId, id).toString(),
            });
          }
        } else if (role && spec.type === ApplicationCommandOptionType.Mentionable)
          put("roles", id, roleObject(role, ctx.world.botUser.id));
        else
          bad(
            `names no user${spec.type === ApplicationCommandOptionType.Mentionable ? " or role" : ""} of the world`,
          );
        options.push({ name: spec.name, type: spec.type, value: id });
        break;
      }
      case ApplicationCommandOptionType.Channel: {
        const channel = ctx.world.channels.get(idOf(value));
        if (!channel) bad("names no channel of the world");
        const c = channel as EmulatedChannel;
        put("channels", c.id, {
          ...channelObject(ctx.world, c),
          permissions: ctx.world.permissionsIn(c, ctx.world.botUser.id).toString(),
        });
        options.push({ name: spec.name, type: spec.type, value: c.id });
        break;
      }
      case ApplicationCommandOptionType.Role: {
        const role = ctx.world.roles.get(idOf(value));
        if (!role) bad("names no role of the world");
        put("roles", (role as EmulatedRole).id, roleObject(role as EmulatedRole, ctx.world.botUser.id));
        options.push({ name: spec.name, type: spec.type, value: (role as EmulatedRole).id });
        break;
      }
      case ApplicationCommandOptionType.Attachment: {
        if (!isAttachmentInput(value)) bad("needs a file ({ filename, bytes, contentType? })");
        const file = value as AttachmentInput;
        const bytes = typeof file.bytes === "string" ? Buffer.from(file.bytes) : Buffer.from(file.bytes);
        const stored = ctx.messaging.storeFile(
          scope.channelId,
          true,
          {
            field: "files[0]",
            index: 0,
            filename: file.filename,
            contentType: file.contentType ?? null,
            bytes,
          },
          null,
        );
        ctx.messages.keepAttachment(stored);
        put("attachments", stored.id, attachmentObject(stored));
        options.push({ name: spec.name, type: spec.type, value: stored.id });
        break;
      }
      default:
        bad("is a sub-command; pass it as `subcommand`");
    }
  }
  return { options, resolved };
}
