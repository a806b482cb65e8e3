/**
 * Registered application commands, global and per guild, as Discord stores them (ids kept across bulk
 * overwrites for unchanged names, versions bumped).
 * @see https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands
 */
import { ApplicationCommandType, type APIApplicationCommand } from "discord-api-types/v10";
import type { SnowflakeGenerator } from "./snowflake.js";

/** A stored command (Discord's application command object). */
export type RegisteredCommand = APIApplicationCommand;

const LOCALIZATIONS = ["name_localizations", "description_localizations"];

/**
 * A command as `GET .../commands` lists it without `with_localizations=true`: no localisation
 * dictionaries on the command, its options and their choices.
 * @see https://discord.com/developers/docs/interactions/application-commands#get-global-application-commands
 */
export function withoutLocalizations(command: RegisteredCommand): RegisteredCommand {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !LOCALIZATIONS.includes(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip(command) as RegisteredCommand;
}

/** Global and guild commands of the application. */
export class CommandRegistry {
  readonly #global: RegisteredCommand[] = [];
  readonly #guild = new Map<string, RegisteredCommand[]>();

  constructor(
    private readonly ids: SnowflakeGenerator,
    private readonly applicationId: string,
  ) {}

  #scope(guildId: string | null): RegisteredCommand[] {
    if (guildId === null) return this.#global;
    let list = this.#guild.get(guildId);
    if (!list) {
      list = [];
      this.#guild.set(guildId, list);
    }
    return list;
  }

  /** The commands of a scope (null: global). */
  list(guildId: string | null): RegisteredCommand[] {
    return structuredClone(this.#scope(guildId));
  }

  /** One command by id. */
  get(guildId: string | null, id: string): RegisteredCommand | undefined {
    return this.#scope(guildId).find((c) => c.id === id);
  }

  #store(
    guildId: string | null,
    definition: Record<string, unknown>,
    previous: RegisteredCommand | undefined,
  ): RegisteredCommand {
    const type = (definition.type as ApplicationCommandType | undefined) ?? ApplicationCommandType.ChatInput;
    const command = {
      ...structuredClone(definition),
      id: previous?.id ?? this.ids.next(),
      application_id: this.applicationId,
      version: this.ids.next(),
      type,
      description: (definition.description as string | undefined) ?? "",
      default_member_permissions:
        (definition.default_member_permissions as string | null | undefined) ?? null,
      nsfw: (definition.nsfw as boolean | undefined) ?? false,
      contexts: (definition.contexts as number[] | null | undefined) ?? null,
      integration_types: (definition.integration_types as number[] | undefined) ?? [0],
      ...(guildId ? { guild_id: guildId } : {}),
    } as RegisteredCommand;
    return command;
  }

  /** Replaces every command of a scope (the body was validated). */
  overwrite(guildId: string | null, definitions: Record<string, unknown>[]): RegisteredCommand[] {
    const scope = this.#scope(guildId);
    const next = definitions.map((d) =>
      this.#store(
        guildId,
        d,
        scope.find(
          (c) =>
            c.name === d.name &&
            c.type === ((d.type as number | undefined) ?? ApplicationCommandType.ChatInput),
        ),
      ),
    );
    scope.splice(0, scope.length, ...next);
    return structuredClone(next);
  }

  /** Creates or replaces (by name and type) one command. */
  upsert(
    guildId: string | null,
    definition: Record<string, unknown>,
  ): { command: RegisteredCommand; created: boolean } {
    const scope = this.#scope(guildId);
    const type = (definition.type as number | undefined) ?? ApplicationCommandType.ChatInput;
    const index = scope.findIndex((c) => c.name === definition.name && c.type === type);
    const command = this.#store(guildId, definition, scope[index]);
    if (index >= 0) scope[index] = command;
    else scope.push(command);
    return { command: structuredClone(command), created: index < 0 };
  }

  /** Deletes one command; false if there was none. */
  remove(guildId: string | null, id: string): boolean {
    const scope = this.#scope(guildId);
    const index = scope.findIndex((c) => c.id === id);
    if (index < 0) return false;
    scope.splice(index, 1);
    return true;
  }

  /** The chat input command a user would see under `name` in a guild (guild commands first) or a DM. */
  resolveChatInput(name: string, guildId: string | null): RegisteredCommand | undefined {
    const isMatch = (c: RegisteredCommand) => c.name === name && c.type === ApplicationCommandType.ChatInput;
    return (guildId ? this.#scope(guildId).find(isMatch) : undefined) ?? this.#global.find(isMatch);
  }
}
