/**
 * A user typing into a slash command option registered with `autocomplete: true`: Discord sends an
 * APPLICATION_COMMAND_AUTOCOMPLETE interaction (type 4) with the options typed so far, the one being typed
 * marked `focused` with its text as typed (a string, whatever the option's type), and shows the choices the
 * bot answers (callback type 8) within the usual 3 seconds. The Discord client sends it only for options
 * registered with `autocomplete`, where the user may run the command; so does this.
 * @see https://discord.com/developers/docs/interactions/application-commands#autocomplete
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-type
 */
import {
  ApplicationCommandOptionType,
  InteractionType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type APIApplicationCommandOptionChoice,
} from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import type { ChangeWaiters, WaitForOptions } from "../wait-for.js";
import { dispatchInteraction, requireUserCanAct } from "./interaction-payloads.js";
import { hasPermissions } from "./permissions.js";
import type { InteractionOption } from "./slash-options.js";
import {
  pickChannel,
  requireAvailable,
  subcommandOptions,
  subcommandPath,
  underSubcommands,
} from "./user-actions.js";
import type { UserRef } from "./world-types.js";

/** Input of `emu.autocomplete`. */
export interface AutocompleteInput {
  name: string;
  /** A sub-command, or `[group, subcommand]`. */
  subcommand?: string | readonly [string, string];
  /** The option being typed into. */
  focused: string;
  /** What is typed in it so far (default: nothing). */
  typed?: string;
  /** Other options already filled in (plain values only). */
  options?: Record<string, string | number | boolean>;
  user: UserRef;
  guildId?: string;
  channelId?: string;
  locale?: string;
}

/** An autocomplete the user triggered, and what the bot suggested. */
export interface AutocompleteHandle {
  readonly id: string;
  /** The choices the bot answered, or null while it has not. */
  choices(): APIApplicationCommandOptionChoice[] | null;
  /** Waits for the bot's choices. */
  waitForChoices(options?: WaitForOptions): Promise<APIApplicationCommandOptionChoice[]>;
}

/** The types Discord offers autocomplete for. */
const AUTOCOMPLETE_TYPES: readonly ApplicationCommandOptionType[] = [
  ApplicationCommandOptionType.String,
  ApplicationCommandOptionType.Integer,
  ApplicationCommandOptionType.Number,
];

/** A filled-in option as the client sends it with an autocomplete: its registered type, its value. */
function filledOption(
  spec: APIApplicationCommandOption | undefined,
  name: string,
  value: string | number | boolean,
  where: string,
): InteractionOption {
  if (!spec) throw new Error(`${where} has no option "${name}"`);
  const expected: Partial<Record<ApplicationCommandOptionType, string>> = {
    [ApplicationCommandOptionType.String]: "string",
    [ApplicationCommandOptionType.Integer]: "number",
    [ApplicationCommandOptionType.Number]: "number",
    [ApplicationCommandOptionType.Boolean]: "boolean",
  };
  if (expected[spec.type] !== typeof value)
    throw new Error(`${where} ${name}: the emulator's autocomplete takes plain values of the option's type`);
  return { name, type: spec.type, value };
}

/** A user types into an autocomplete option; the bot gets a type 4 interaction. */
export function sendAutocomplete(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: AutocompleteInput,
): AutocompleteHandle {
  const user = ctx.world.requireUser(input.user);
  const channel = pickChannel(ctx, { ...input, options: {} }, user);
  const where = `/${input.name}`;
  requireUserCanAct(ctx, { user, channel }, where);
  if (
    channel.guildId &&
    !hasPermissions(ctx.world.permissionsIn(channel, user.id), PermissionFlagsBits.UseApplicationCommands)
  )
    throw new Error(`${where}: ${user.username} lacks Use Application Commands here`);
  const command = ctx.commands.resolveChatInput(input.name, channel.guildId);
  if (!command) throw new Error(`${where} is not registered where ${user.username} types it`);
  requireAvailable(ctx, command, user, channel);
  const path = subcommandPath(input.subcommand);
  const specs = subcommandOptions(command, path) ?? [];
  const focusedSpec = specs.find((o) => o.name === input.focused);
  if (!focusedSpec) throw new Error(`${where} has no option "${input.focused}"`);
  if (
    !AUTOCOMPLETE_TYPES.includes(focusedSpec.type) ||
    !("autocomplete" in focusedSpec) ||
    !focusedSpec.autocomplete
  )
    throw new Error(
      `${where} ${input.focused} is not registered with autocomplete: Discord sends no autocomplete`,
    );
  const typed = input.typed ?? "";
  const filled = Object.entries(input.options ?? {}).map(([name, value]) =>
    filledOption(
      specs.find((o) => o.name === name),
      name,
      value,
      where,
    ),
  );
  const options = underSubcommands(path, [
    ...filled,
    { name: input.focused, type: focusedSpec.type, value: typed, focused: true },
  ]);
  const data = {
    id: command.id,
    name: command.name,
    type: 1,
    options,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
  };
  const place = { user, channel, ...(input.locale ? { locale: input.locale } : {}) };
  const record = dispatchInteraction(ctx, place, InteractionType.ApplicationCommandAutocomplete, data, {
    commandName: command.name,
    sourceMessageId: null,
  });
  record.autocomplete = { option: focusedSpec, choices: null };
  const handle: AutocompleteHandle = {
    id: record.id,
    choices: () => (record.autocomplete?.choices ? structuredClone(record.autocomplete.choices) : null),
    waitForChoices: (options = {}) =>
      waiters.waitFor(() => handle.choices() ?? undefined, {
        description: `the bot's suggestions for ${where} ${input.focused}`,
        ...options,
      }),
  };
  return handle;
}
