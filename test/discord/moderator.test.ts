import {
  ApplicationIntegrationType,
  PermissionFlagsBits,
  PermissionsBitField,
  type BaseInteraction,
} from "discord.js";
import { describe, expect, test } from "vitest";
import { requireRequesterOrModerator } from "../../src/discord/moderator.js";
import { UserError } from "../../src/errors.js";
import { english } from "../../src/i18n/translate.js";

const SERVER = "900000000000000001";
const OTHER_SERVER = "900000000000000002";

/** A click by `userId` in `guildId` (null: DMs), with Manage Server when `moderator`. */
function click(userId: string, guildId: string | null, moderator = false): BaseInteraction {
  const permissions = new PermissionsBitField(moderator ? PermissionFlagsBits.ManageGuild : 0n);
  return {
    user: { id: userId },
    guildId,
    memberPermissions: guildId === null ? null : permissions,
    // Installed by the server it runs in (the bot is there).
    authorizingIntegrationOwners:
      guildId === null ? {} : { [ApplicationIntegrationType.GuildInstall]: guildId },
    appPermissions: null,
  } as unknown as BaseInteraction;
}

/** Whether the click may act, or the text it is refused with. */
function outcome(...args: Parameters<typeof requireRequesterOrModerator>): "allowed" | string {
  try {
    requireRequesterOrModerator(...args);
    return "allowed";
  } catch (err) {
    if (err instanceof UserError) return err.textIn(english);
    throw err;
  }
}

const notYours = () => "Only the member who asked for it can do that.";

describe("requireRequesterOrModerator", () => {
  test.each<[string, BaseInteraction, string | null, (string | null)?]>([
    ["the requester, in a server", click("alice", SERVER), "alice"],
    ["the requester, in DMs", click("alice", null), "alice"],
    ["a moderator, for someone else's job", click("mod", SERVER, true), "alice"],
    ["a moderator, for a button that does not name its requester", click("mod", SERVER, true), null],
    ["a moderator of the job's own server", click("mod", SERVER, true), "alice", SERVER],
  ])("lets %s act", (_, interaction, requesterId, jobGuildId) => {
    expect(outcome(interaction, requesterId, notYours, jobGuildId)).toBe("allowed");
  });

  test.each<[string, BaseInteraction, string | null, (string | null)?]>([
    ["another member", click("bob", SERVER), "alice"],
    ["a member, for a button that does not name its requester", click("alice", SERVER), null],
    ["a moderator of another server", click("mod", OTHER_SERVER, true), "alice", SERVER],
    ["a moderator, for a job asked for in DMs", click("mod", SERVER, true), "alice", null],
  ])("refuses %s, telling them only", (_, interaction, requesterId, jobGuildId) => {
    expect(outcome(interaction, requesterId, notYours, jobGuildId)).toBe(notYours());
  });
});
