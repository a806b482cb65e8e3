/**
 * "Imagine from this image" (issue 41): right-click a message with an image → Apps → the command opens a
 * modal with a prompt and the message's first image as the image prompt; submitting it starts the job like
 * /imagine, in the bot's server and where the bot is not a member.
 */
import { afterEach, describe, expect, test } from "vitest";
import { deployCommands } from "../../commands/index.js";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { isGrid, recordFor } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

const COMMAND = "Imagine from this image";

interface ModalField {
  custom_id: string;
  value?: string;
}

/** The text inputs of the modal the bot opened for `handle`. */
async function modalFields(handle: InteractionHandle): Promise<ModalField[]> {
  const modal = (await h.emu.waitFor(() => handle.modal(), { description: "the modal" })) as {
    components: { components: ModalField[] }[];
  };
  return modal.components.flatMap((row) => row.components);
}

async function postImage(channelId: string) {
  return h.emu.sendGuildMessage({
    user: h.world.outsider,
    channelId,
    content: "our cat",
    attachments: [{ filename: "cat.png", bytes: Buffer.from("cat"), contentType: "image/png" }],
  });
}

describe.each([
  ["the bot's server", (w: BotHarness["world"]) => w.general.id],
  ["a server the bot is not in", (w: BotHarness["world"]) => w.friendsChat.id],
])("Imagine from this image in %s", (_where, channelOf) => {
  test("opens a modal with the message's image, and its prompt starts a job with that image prompt", async () => {
    h = await startBotHarness();
    await deployCommands(h.config, undefined, { kind: "global" });
    const channelId = channelOf(h.world);
    if (channelId === h.world.general.id)
      h.emu.addMember({ guildId: h.world.guild.id, user: h.world.outsider });
    const message = await postImage(channelId);
    const imageUrl = message.attachments[0]!.url;

    const opened = await h.emu.useMessageCommand({ name: COMMAND, message, user: h.world.alice });
    const fields = await modalFields(opened);
    expect(fields.map((f) => f.custom_id)).toEqual(["prompt", "image"]);
    expect(fields[1]?.value).toBe(imageUrl);

    const submit = await h.emu.submitModal({
      interaction: opened,
      user: h.world.alice,
      values: { prompt: "a watercolor of it at sunset", image: imageUrl },
    });
    await submit.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    const record = await h.emu.waitFor(() => recordFor(h, submit.id), { description: "the record" });
    expect(record.prompt?.startsWith(`${imageUrl} a watercolor of it at sunset`)).toBe(true);

    h.service.completeNow(record.id);
    await h.emu.waitFor(
      () =>
        [...h.emu.messagesIn(channelId)].find(
          (m) => isGrid(m) && m.content.includes(`<@${h.world.alice.id}>`),
        ),
      { description: "the grid" },
    );
    h.emu.assertNoRejectedRequests();
  });
});

test("a message without an image is answered privately, and no modal opens", async () => {
  h = await startBotHarness();
  await deployCommands(h.config, undefined, { kind: "global" });
  const message = await h.emu.sendGuildMessage({
    user: h.world.alice,
    channelId: h.world.general.id,
    content: "just words",
  });
  const opened = await h.emu.useMessageCommand({ name: COMMAND, message, user: h.world.alice });
  const answer = await opened.waitForResponse();
  expect(answer.ephemeral).toBe(true);
  expect(textOf(answer)).toContain("no image to imagine from");
  expect(opened.modal()).toBeNull();
});

test("is registered as a message command for both installs, in every context /imagine has", async () => {
  h = await startBotHarness();
  const command = h.emu.registeredCommands(h.world.guild.id).find((c) => c.name === COMMAND);
  expect(command).toMatchObject({ type: 3, integration_types: [0, 1], contexts: [0, 1, 2] });
  expect(command?.name_localizations?.de).toBe("Aus diesem Bild erschaffen");
});
