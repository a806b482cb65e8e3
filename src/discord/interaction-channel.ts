/**
 * What Discord says about the channel of each interaction, read from the payload itself. Every interaction
 * carries a partial channel object (`channel`: id, type, name, `nsfw`, `parent_id`, ...), but discord.js
 * keeps only channels of servers it has cached: in a server the bot is not in (reached by a member's own
 * install) it drops the object and `interaction.channel` is null. So the gateway's INTERACTION_CREATE is
 * read as it arrives (discord.js emits it raw just before it builds the interaction) and its channel kept
 * for the interaction's handling.
 * @see https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object
 * @see https://discord.com/developers/docs/resources/channel#channel-object
 */
import { ChannelType, Events, GatewayDispatchEvents, type BaseInteraction, type Client } from "discord.js";

/** The facts of an interaction's channel the bot uses. */
export interface InteractionChannel {
  /** Whether the channel is age-restricted (`nsfw`); absent from the payload: not. */
  readonly nsfw: boolean;
  /** A thread's channel; `null` for any other channel. */
  readonly threadParentId: string | null;
}

/** Interactions handled at once at most, by far: an older entry is dropped first. */
const KEPT = 1000;

const THREADS: ReadonlySet<number> = new Set([
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
  ChannelType.AnnouncementThread,
]);

const channelsByClient = new WeakMap<Client, Map<string, InteractionChannel>>();

/** The channel facts of a raw interaction payload's `channel`, or null when it has none. */
export function readInteractionChannel(channel: unknown): InteractionChannel | null {
  if (typeof channel !== "object" || channel === null) return null;
  const { nsfw, type, parent_id: parentId } = channel as Record<string, unknown>;
  return {
    nsfw: nsfw === true,
    threadParentId:
      typeof type === "number" && THREADS.has(type) && typeof parentId === "string" ? parentId : null,
  };
}

/** Keeps the channel of every interaction `client` receives, for {@link interactionChannel}. */
export function watchInteractionChannels(client: Client): void {
  const kept = new Map<string, InteractionChannel>();
  channelsByClient.set(client, kept);
  client.on(Events.Raw, (packet: { t?: unknown; d?: unknown }) => {
    if (packet.t !== GatewayDispatchEvents.InteractionCreate) return;
    const data = packet.d as { id?: unknown; channel?: unknown } | undefined;
    const channel = readInteractionChannel(data?.channel);
    if (typeof data?.id !== "string" || channel === null) return;
    kept.set(data.id, channel);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  });
}

/** The channel Discord sent with `interaction`, when its client is watched and the payload had one. */
export function interactionChannel(
  interaction: Pick<BaseInteraction, "id" | "client">,
): InteractionChannel | null {
  return channelsByClient.get(interaction.client)?.get(interaction.id) ?? null;
}
