/**
 * What emulated users do with message components: click buttons and pick select-menu options, refusing
 * what a Discord client would not allow (missing, disabled or link components; someone else's ephemeral
 * message).
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-message-component-data-structure
 */
import { ButtonStyle, ComponentType, InteractionType } from "discord-api-types/v10";
import type { EmulatorContext } from "../context.js";
import { interactionHandle, type InteractionHandle } from "./interaction-handle.js";
import { dispatchInteraction, requireUserCanAct } from "./interaction-payloads.js";
import { messageObject, type MessageSnapshot } from "./message-objects.js";
import { channelObject } from "./world-objects.js";
import { current } from "./message-store.js";
import type { ChangeWaiters } from "../wait-for.js";
import type { UserRef } from "./world-types.js";

/** Input of `emu.clickButton` / `emu.selectMenu`. */
export interface ComponentInput {
  /** The message the component is on (snapshot or id). */
  message: MessageSnapshot | string;
  customId: string;
  user: UserRef;
  /** The clicking user's client language (the interaction's `locale`); default `en-US`. */
  locale?: string;
}

interface FoundComponent {
  type: number;
  custom_id?: string;
  style?: number;
  disabled?: boolean;
  options?: { value: string }[];
  channel_types?: number[];
  min_values?: number;
  max_values?: number;
}

function findComponents(nodes: readonly unknown[]): FoundComponent[] {
  const found: FoundComponent[] = [];
  for (const node of nodes) {
    if (typeof node !== "object" || node === null) continue;
    const c = node as FoundComponent & { components?: unknown[]; accessory?: unknown };
    found.push(c);
    if (Array.isArray(c.components)) found.push(...findComponents(c.components));
    if (c.accessory) found.push(...findComponents([c.accessory]));
  }
  return found;
}

function useComponent(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: ComponentInput,
  kind: "button" | "select",
  values: string[],
): InteractionHandle {
  const user = ctx.world.requireUser(input.user);
  const id = typeof input.message === "string" ? input.message : input.message.id;
  const stored = ctx.messages.get(id);
  if (!stored || stored.deleted)
    throw new Error(`Message ${id} does not exist (or was deleted), so nothing on it can be used`);
  const all = findComponents(current(stored).components);
  const component = all.find((c) => c.custom_id === input.customId);
  if (!component) {
    throw new Error(
      `Message ${id} has no component with custom_id "${input.customId}" (it has: ${
        all
          .map((c) => c.custom_id)
          .filter(Boolean)
          .join(", ") || "none"
      })`,
    );
  }
  if (
    kind === "button" &&
    (component.type !== ComponentType.Button || component.style === ButtonStyle.Link)
  ) {
    throw new Error(`"${input.customId}" is not a clickable button`);
  }
  if (
    kind === "select" &&
    component.type !== ComponentType.StringSelect &&
    component.type !== ComponentType.ChannelSelect
  )
    throw new Error(`"${input.customId}" is not a string or channel select menu`);
  if (component.disabled) throw new Error(`"${input.customId}" is disabled`);
  let resolved: { channels: Record<string, unknown> } | null = null;
  if (kind === "select" && component.type === ComponentType.ChannelSelect) {
    // The client offers the channels of the message's server of the menu's types; nothing else can be picked.
    const guildId = ctx.world.requireChannel(stored.channelId).guildId;
    const channels: Record<string, unknown> = {};
    for (const id of values) {
      const channel = ctx.world.channels.get(id);
      if (!channel || channel.guildId !== guildId)
        throw new Error(`"${input.customId}" offers no channel ${id} (not a channel of this server)`);
      if (component.channel_types && !component.channel_types.includes(channel.type))
        throw new Error(`"${input.customId}" offers no channel ${id} of type ${channel.type}`);
      channels[id] = channelObject(ctx.world, channel);
    }
    resolved = { channels };
  }
  if (kind === "select") {
    if (component.type === ComponentType.StringSelect) {
      const allowed = new Set((component.options ?? []).map((o) => o.value));
      const bad = values.filter((v) => !allowed.has(v));
      if (bad.length > 0) throw new Error(`"${input.customId}" has no option ${bad.join(", ")}`);
    }
    if (values.length < (component.min_values ?? 1) || values.length > (component.max_values ?? 1)) {
      throw new Error(
        `"${input.customId}" takes ${component.min_values ?? 1}-${component.max_values ?? 1} values, got ${values.length}`,
      );
    }
  }
  if (stored.ephemeral && stored.interaction?.userId !== user.id)
    throw new Error(`Message ${id} is ephemeral; only its interaction's user sees it`);
  const channel = ctx.world.requireChannel(stored.channelId);
  requireUserCanAct(ctx, { user, channel }, `clicking "${input.customId}"`);
  const data = {
    custom_id: input.customId,
    component_type: component.type,
    ...(kind === "select" ? { values } : {}),
    ...(resolved ? { resolved } : {}),
  };
  const message = messageObject(ctx.world, ctx.messages, stored);
  const place = { user, channel, ...(input.locale ? { locale: input.locale } : {}) };
  const record = dispatchInteraction(ctx, place, InteractionType.MessageComponent, data, {
    commandName: null,
    sourceMessageId: stored.id,
    message,
  });
  return interactionHandle(ctx, waiters, record);
}

/** A user clicks a button. */
export function clickButton(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: ComponentInput,
): InteractionHandle {
  return useComponent(ctx, waiters, input, "button", []);
}

/** A user picks values in a string select menu, or channels (by id) in a channel select menu. */
export function selectMenu(
  ctx: EmulatorContext,
  waiters: ChangeWaiters,
  input: ComponentInput & { values: string[] },
): InteractionHandle {
  return useComponent(ctx, waiters, input, "select", input.values);
}
