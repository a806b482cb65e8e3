import { ChannelType } from "discord.js";
import { expect, test } from "vitest";
import { readInteractionChannel } from "../../src/discord/interaction-channel.js";

test.each([
  [
    "an age-restricted text channel",
    { id: "1", type: ChannelType.GuildText, nsfw: true, parent_id: "9" },
    { nsfw: true, threadParentId: null },
  ],
  [
    "a text channel without the flag",
    { id: "1", type: ChannelType.GuildText },
    { nsfw: false, threadParentId: null },
  ],
  [
    "a thread, with its channel",
    { id: "1", type: ChannelType.PublicThread, parent_id: "9" },
    { nsfw: false, threadParentId: "9" },
  ],
  ["no channel object", undefined, null],
])("%s is read from the interaction's channel object", (_what, channel, read) => {
  expect(readInteractionChannel(channel)).toEqual(read);
});
