/**
 * The test API of the emulator, apart from starting and stopping it: world builders, user actions, what
 * users see (messages, history, attachments), the request log and its assertions, and waiting.
 */
import type { APIEmbed } from "discord-api-types/v10";
import type { EmulatorClock } from "./clock.js";
import type { RegisteredCommand } from "./world/commands.js";
import type { EmulatorContext } from "./context.js";
import { interactionHandle, type InteractionHandle } from "./world/interaction-handle.js";
import { messageSnapshot, type MessageSnapshot } from "./world/message-objects.js";
import { current } from "./world/message-store.js";

/** What {@link EmulatorQueries.messagesWhere} tests of a message. */
export interface MessageFields {
  nonce: string | number | null;
  /** The id of the message it replies to. */
  replyTo: string | null;
  embeds: readonly APIEmbed[];
}
import { notifiedBy, notificationsOf, type Notification, type NotifiedUser } from "./world/notifications.js";
import type { PermissionOverwrite } from "./world/permissions.js";
import { describeRequest, type RequestRecord } from "./rest/request-log.js";
import { clickButton, selectMenu, type ComponentInput } from "./world/component-actions.js";
import { submitModal, type ModalSubmitInput } from "./world/modal-actions.js";
import type { SlashCommandInput, UserMessageInput } from "./world/user-actions.js";
import { sendDirectMessage, sendGuildMessage, sendSlashCommand } from "./world/user-actions.js";
import { useMessageCommand, type MessageCommandInput } from "./world/context-menu-actions.js";
import {
  sendAutocomplete,
  type AutocompleteHandle,
  type AutocompleteInput,
} from "./world/autocomplete-actions.js";
import type { ChangeWaiters, WaitForOptions } from "./wait-for.js";
import type {
  ChannelRef,
  EmulatedChannel,
  EmulatedGuild,
  EmulatedMember,
  EmulatedRole,
  EmulatedUser,
  UserRef,
} from "./world/world-types.js";
import type { World } from "./world/world.js";

/** Options for {@link EmulatorQueries.rejectedRequests}. */
export interface RejectionFilter {
  /** Discord error codes that are expected (e.g. 10062 in a test that answers too late). */
  ignoreCodes?: number[];
  /** Also count 429s from real rate limits (default false: see `rateLimitHits`). */
  includeRateLimits?: boolean;
}

/** World builders, user actions and queries; {@link DiscordEmulator} adds start/stop. */
export class EmulatorQueries {
  constructor(
    /** @internal */ protected readonly ctx: EmulatorContext,
    /** @internal */ protected readonly waiters: ChangeWaiters,
    /** Every REST request the bot made, oldest first. */
    readonly requests: readonly RequestRecord[],
    /** Crashes inside the emulator (answered 500); should stay empty. */
    readonly internalErrors: readonly string[],
    /** Things Discord accepts but users would not see right (e.g. embed images on private URLs). */
    readonly warnings: readonly string[],
  ) {}

  /** Calls `listener` after every change (request, message, gateway event); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.waiters.subscribe(listener);
  }

  /** The bot token (give it to `client.login`). */
  get botToken(): string {
    return this.ctx.botToken;
  }
  /** The application id (= the bot's user id), i.e. DISCORD_CLIENT_ID. */
  get applicationId(): string {
    return this.ctx.applicationId;
  }
  /** The bot's user. */
  get botUser(): EmulatedUser {
    return this.ctx.world.botUser;
  }
  /** The emulator clock: `clock.advance(ms)` jumps interaction deadlines and token expiry. */
  get clock(): EmulatorClock {
    return this.ctx.clock;
  }
  /** The world model, for anything the builders below do not cover. */
  get world(): World {
    return this.ctx.world;
  }

  /** Adds a server the bot is in (GUILD_CREATE is sent to connected clients). */
  addGuild(options: Parameters<World["addGuild"]>[0]): EmulatedGuild {
    return this.ctx.world.addGuild(options);
  }
  /** Adds a text channel to a server. */
  addChannel(options: Parameters<World["addChannel"]>[0]): EmulatedChannel {
    return this.ctx.world.addChannel(options);
  }
  /** Adds a person. */
  addUser(options: Parameters<World["addUser"]>[0]): EmulatedUser {
    return this.ctx.world.addUser(options);
  }

  /** Adds a group DM between people (the bot is never in one; see `World.addGroupDm`). */
  addGroupDm(options: Parameters<World["addGroupDm"]>[0]): EmulatedChannel {
    const channel = this.ctx.world.addGroupDm(options);
    this.ctx.changed();
    return channel;
  }
  /** Makes a user a member of a server. */
  addMember(options: Parameters<World["addMember"]>[0]): EmulatedMember {
    return this.ctx.world.addMember(options);
  }
  /** Adds a role (with permission bits) to a server. */
  addRole(options: Parameters<World["addRole"]>[0]): EmulatedRole {
    return this.ctx.world.addRole(options);
  }
  /** Sets the bot's exact permissions in a channel (e.g. 0n: Missing Access). */
  setBotPermissions(channel: ChannelRef, bits: bigint | string): void {
    this.ctx.world.setBotPermissions(channel, bits);
  }
  /** Adds or replaces a permission overwrite on a channel. */
  setChannelOverwrite(channel: ChannelRef, overwrite: PermissionOverwrite): void {
    this.ctx.world.setOverwrite(channel, overwrite);
  }
  /** Makes a user block (or unblock) DMs from the bot. */
  blockDms(user: UserRef, blocked = true): void {
    this.ctx.world.blockDms(user, blocked);
  }
  /** Someone deletes a message (MESSAGE_DELETE is sent): Discord answers 10008 Unknown Message for it. */
  deleteMessage(id: string): void {
    const message = this.ctx.messages.get(id);
    if (!message || message.deleted) throw new Error(`deleteMessage: no live message ${id}`);
    this.ctx.messaging.remove(message);
  }
  /**
   * A moderator deletes a server channel with its messages: Discord answers 10003 Unknown Channel for it,
   * and 10015 Unknown Webhook for the interaction webhooks of its interactions.
   */
  deleteChannel(channel: ChannelRef): void {
    const id = typeof channel === "string" ? channel : channel.id;
    if (!this.ctx.world.channels.get(id)?.guildId) throw new Error(`deleteChannel: no server channel ${id}`);
    for (const message of this.ctx.messages.inChannel(id, { includeEphemeral: true })) {
      this.ctx.messaging.remove(message);
    }
    this.ctx.world.channels.delete(id);
    this.ctx.changed();
  }

  /** A user runs a slash command; resolves once INTERACTION_CREATE is dispatched. */
  async sendSlashCommand(input: SlashCommandInput): Promise<InteractionHandle> {
    return sendSlashCommand(this.ctx, this.waiters, input);
  }
  /**
   * A user types into a slash command option registered with `autocomplete`; the bot gets an autocomplete
   * interaction, and the handle the choices it answers.
   */
  async autocomplete(input: AutocompleteInput): Promise<AutocompleteHandle> {
    return sendAutocomplete(this.ctx, this.waiters, input);
  }
  /** A user right-clicks a message and picks the app's message command `name` (Apps menu). */
  async useMessageCommand(input: MessageCommandInput): Promise<InteractionHandle> {
    return useMessageCommand(this.ctx, this.waiters, input);
  }
  /** A user clicks a button on a message. */
  async clickButton(input: ComponentInput): Promise<InteractionHandle> {
    return clickButton(this.ctx, this.waiters, input);
  }
  /** A user picks values in a string select menu. */
  async selectMenu(input: ComponentInput & { values: string[] }): Promise<InteractionHandle> {
    return selectMenu(this.ctx, this.waiters, input);
  }
  /** A user fills in and submits the modal the bot opened in answer to an interaction. */
  async submitModal(input: ModalSubmitInput): Promise<InteractionHandle> {
    return submitModal(this.ctx, this.waiters, input);
  }
  /** A user DMs the bot. */
  async sendDirectMessage(input: UserMessageInput): Promise<MessageSnapshot> {
    return sendDirectMessage(this.ctx, input);
  }
  /** A user posts in a server channel. */
  async sendGuildMessage(input: UserMessageInput & { channelId: string }): Promise<MessageSnapshot> {
    return sendGuildMessage(this.ctx, input);
  }
  /** The handle of an interaction by id. */
  interaction(id: string): InteractionHandle | undefined {
    const record = this.ctx.interactions.byId(id);
    return record ? interactionHandle(this.ctx, this.waiters, record) : undefined;
  }

  /** The current messages of a channel, oldest first (ephemeral ones only on request). */
  messagesIn(
    channel: ChannelRef,
    options: { includeEphemeral?: boolean; includeDeleted?: boolean } = {},
  ): MessageSnapshot[] {
    const id = typeof channel === "string" ? channel : channel.id;
    return this.ctx.messages
      .inChannel(id, options)
      .map((m) => messageSnapshot(this.ctx.world, this.ctx.messages, m));
  }
  /** The newest visible message of a channel. */
  latestMessage(channel: ChannelRef): MessageSnapshot | undefined {
    return this.messagesIn(channel).at(-1);
  }
  /** The DM channel between the bot and a user (created if needed). */
  dmChannelWith(user: UserRef): EmulatedChannel {
    return this.ctx.world.dmChannelWith(user);
  }
  /** A message's current version by id (deleted and ephemeral ones too). */
  message(id: string): MessageSnapshot | undefined {
    const message = this.ctx.messages.get(id);
    return message ? messageSnapshot(this.ctx.world, this.ctx.messages, message) : undefined;
  }
  /** Every version of a message, oldest first (empty if unknown). */
  messageHistory(id: string): MessageSnapshot[] {
    const message = this.ctx.messages.get(id);
    return message
      ? message.versions.map((_, i) => messageSnapshot(this.ctx.world, this.ctx.messages, message, i))
      : [];
  }
  /** Every message that notified `user` (mentions as sent, allowed_mentions respected), oldest first. */
  notifications(user: UserRef): Notification[] {
    const id = typeof user === "string" ? user : user.id;
    return notificationsOf(this.ctx.world, this.ctx.messages, id);
  }
  /** Who a message notified, with why (an edit never notifies; a deleted or ephemeral message nobody). */
  notifiedBy(messageId: string): NotifiedUser[] {
    const message = this.ctx.messages.get(messageId);
    return message ? notifiedBy(this.ctx.world, this.ctx.messages, message) : [];
  }
  /** Every message (in any channel, deleted ones included) created with `nonce`, oldest first. */
  messagesWithNonce(nonce: string | number): MessageSnapshot[] {
    return this.ctx.messages
      .all()
      .filter((m) => m.nonce === nonce)
      .map((m) => messageSnapshot(this.ctx.world, this.ctx.messages, m));
  }
  /**
   * Every message (in any channel, deleted ones included) that satisfies `where`, oldest first. `where` sees
   * the message as stored (its latest version's fields), so that many waiters polling it stay cheap; only
   * the matches are made into snapshots.
   */
  messagesWhere(where: (message: MessageFields) => boolean): MessageSnapshot[] {
    return this.ctx.messages
      .all()
      .filter((m) => {
        const version = current(m);
        return where({
          nonce: m.nonce,
          replyTo: m.messageReference?.message_id ?? null,
          embeds: version.embeds,
        });
      })
      .map((m) => messageSnapshot(this.ctx.world, this.ctx.messages, m));
  }
  /** The bytes of an uploaded attachment, by id or URL. */
  attachmentBytes(idOrUrl: string): Buffer | undefined {
    const id = idOrUrl.includes("/") ? (new URL(idOrUrl).pathname.split("/")[3] ?? "") : idOrUrl;
    return this.ctx.messages.attachment(id)?.bytes;
  }
  /** The registered commands: global without an argument, else the guild's. */
  registeredCommands(guildId?: string): RegisteredCommand[] {
    return this.ctx.commands.list(guildId ?? null);
  }

  /** How many requests real rate limits answered with 429. */
  get rateLimitHits(): number {
    return this.requests.filter((r) => r.rateLimited).length;
  }
  /** Requests the emulator rejected as Discord would (4xx, not injected), plus emulator crashes (500). */
  rejectedRequests(filter: RejectionFilter = {}): RequestRecord[] {
    const ignore = new Set(filter.ignoreCodes ?? []);
    return this.requests.filter((r) => {
      if (r.injected || r.status < 400) return false;
      if (r.rateLimited) return filter.includeRateLimits === true;
      return r.code === null || !ignore.has(r.code);
    });
  }
  /** Throws a readable error listing every rejected request (see {@link rejectedRequests}). */
  assertNoRejectedRequests(filter: RejectionFilter = {}): void {
    const rejected = this.rejectedRequests(filter);
    if (rejected.length === 0 && this.internalErrors.length === 0) return;
    const lines = [
      ...rejected.map(describeRequest),
      ...this.internalErrors.map((e) => `emulator crash: ${e}`),
    ];
    throw new Error(`The bot made ${lines.length} request(s) Discord would reject:\n  ${lines.join("\n  ")}`);
  }

  /** Resolves with the predicate's first truthy result, re-checked on every change; rejects after `timeoutMs`. */
  waitFor<T>(predicate: () => T | null | undefined | false, options: WaitForOptions = {}): Promise<T> {
    return this.waiters.waitFor(predicate, options);
  }
  /** Waits for a visible message in a channel matching `where` (default: any non-loading message). */
  waitForMessage(
    channel: ChannelRef,
    where: (m: MessageSnapshot) => boolean = () => true,
    options: WaitForOptions = {},
  ): Promise<MessageSnapshot> {
    const id = typeof channel === "string" ? channel : channel.id;
    return this.waitFor(() => this.messagesIn(id).find((m) => ((m.flags ?? 0) & 128) === 0 && where(m)), {
      description: `a message in channel ${id}`,
      ...options,
    });
  }

  /** A summary of recent activity, used in timeout messages. */
  describeState(): string {
    const requests = this.requests.slice(-10).map((r) => `  ${describeRequest(r)}`);
    const messages = this.ctx.messages
      .all()
      .slice(-6)
      .map((m) => {
        const v = current(m);
        const text = v.content.length > 80 ? `${v.content.slice(0, 80)}...` : v.content;
        return `  #${m.channelId} ${m.id} by ${m.authorId === this.ctx.world.botUser.id ? "bot" : m.authorId}${m.ephemeral ? " (ephemeral)" : ""}${m.deleted ? " (deleted)" : ""}: "${text}" embeds=${v.embeds.length} files=${v.attachments.length} flags=${v.flags} versions=${m.versions.length}`;
      });
    const interactions = this.ctx.interactions
      .all()
      .slice(-5)
      .map(
        (i) =>
          `  ${i.id} ${i.commandName ? `/${i.commandName}` : "component"} ack=${i.ack ? i.ack.type : "none"} follow-ups=${i.followUpIds.length}`,
      );
    return [
      `Gateway: ${this.ctx.gateway.connectedSessions} connected session(s)`,
      `Last requests:\n${requests.join("\n") || "  none"}`,
      `Last messages:\n${messages.join("\n") || "  none"}`,
      `Last interactions:\n${interactions.join("\n") || "  none"}`,
      ...(this.internalErrors.length > 0 ? [`Emulator crashes:\n  ${this.internalErrors.join("\n  ")}`] : []),
    ].join("\n");
  }
}
