/**
 * 🖌️ Remix end to end through discord.js and the emulator, on both kinds of ImagineAPI server: the button
 * opens a modal with the prompt as sent, and its submit starts a new job through the /imagine start flow.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { InteractionHandle } from "../../tools/discord-emulator/world/interaction-handle.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { buttonsOf, textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, startImagine, waitForJobEnd } from "./imagine-steps.js";
import { addBob, dmGrid, expectResultLinkedTo, singleImage, startOnProfile } from "./result-tools-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

/** The title and text input of the modal the bot opened in answer to `click`, once it did. */
async function modalOf(click: InteractionHandle) {
  const modal = await h.emu.waitFor(() => click.modal() ?? undefined, { description: "the Remix modal" });
  const m = modal as { title: string; components: { components: { value?: string; custom_id: string }[] }[] };
  return { title: m.title, input: m.components[0]!.components[0]! };
}

describe.each(["hosted", "self-hosted"] as const)("🖌️ Remix on a %s server", (profile) => {
  test("the requester edits the prompt in a modal and gets a new job linked to the original grid", async () => {
    h = await startOnProfile(profile);
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox in the snow --ar 16:9" });

    const click = await clickLabel(h, grid, "Remix", world.alice);
    const { title, input } = await modalOf(click);
    expect(title).toBe("Remix: edit the prompt");
    expect(input.value).toBe(record.prompt);
    expect(service.records()).toHaveLength(1);

    const submit = await emu.submitModal({
      interaction: click,
      user: world.alice,
      values: { [input.custom_id]: "a grey wolf in the snow --ar 16:9" },
    });
    const waiting = await submit.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.ephemeral).toBe(false);
    const job = await h.bot.context.imagine.findJob(submit.id);
    const remixed = service.record(job!.imageId)!;
    expect(remixed.prompt).toBe("a grey wolf in the snow --ar 16:9");
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${grid.id}`;
    expect(textOf(waiting)).toContain(`Remix of`);
    expect(textOf(waiting)).toContain(link);

    await expectResultLinkedTo(h, remixed.id, link);
    emu.assertNoRejectedRequests();
  });

  test("a single image can be remixed too; another member is refused privately and gets no modal", async () => {
    h = await startOnProfile(profile);
    const { emu, world, service } = h;
    const { single } = await singleImage(h, "a lighthouse at dusk", 2);

    const refused = await clickLabel(h, single, "Remix", addBob(h));
    const note = await refused.waitForResponse();
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/only the person this image was posted for can remix/i);
    expect(refused.modal()).toBeNull();

    const click = await clickLabel(h, single, "Remix", world.alice);
    expect((await modalOf(click)).input.value).toBe("a lighthouse at dusk");
    expect(service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });
});

describe("🖌️ Remix checks the edited prompt like /imagine", () => {
  test("an invalid parameter is refused privately with the typed prompt, and nothing is created", async () => {
    h = await startOnProfile("hosted");
    const { emu, world, service } = h;
    const { grid } = await imagineGrid(h, { prompt: "a red fox" });
    const click = await clickLabel(h, grid, "Remix", world.alice);
    await modalOf(click);
    const submit = await emu.submitModal({
      interaction: click,
      user: world.alice,
      values: { prompt: "a red fox --chaos 500" },
    });
    const refusal = await submit.waitForResponse({ where: (m) => textOf(m) !== "" });
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/chaos/i);
    expect(textOf(refusal)).toContain("a red fox --chaos 500");
    expect(service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });

  test("a member at their limit of jobs at once is refused privately, with Try again, and nothing is created", async () => {
    h = await startBotHarness({ env: { USER_MAX_ACTIVE_JOBS: "1" } });
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox" });
    await waitForJobEnd(h, record.id);
    await startImagine(h, { prompt: "a snow owl" });
    const click = await clickLabel(h, grid, "Remix", world.alice);
    await modalOf(click);
    const submit = await emu.submitModal({
      interaction: click,
      user: world.alice,
      values: { prompt: "a grey wolf" },
    });
    const refusal = await submit.waitForResponse({ where: (m) => textOf(m) !== "" });
    expect(refusal.ephemeral).toBe(true);
    expect(textOf(refusal)).toMatch(/already have 1 image being generated/);
    expect(textOf(refusal)).toContain("a grey wolf");
    expect(buttonsOf(refusal).map((b) => b.label)).toContain("Try again");
    expect(service.records()).toHaveLength(2);
    emu.assertNoRejectedRequests();
  });

  test("in a DM, the requester remixes the grid the bot sent them; the new job links to it", async () => {
    h = await startBotHarness();
    const { emu, world, service } = h;
    const grid = await dmGrid(h, "a tin robot reading");
    const click = await clickLabel(h, grid, "Remix", world.alice);
    expect((await modalOf(click)).input.value).toBe("a tin robot reading");
    const submit = await emu.submitModal({
      interaction: click,
      user: world.alice,
      values: { prompt: "a tin robot writing" },
    });
    const waiting = await submit.waitForResponse({ where: (m) => /waiting in line/i.test(textOf(m)) });
    expect(waiting.channel_id).toBe(grid.channel_id);
    expect(textOf(waiting)).toContain(`https://discord.com/channels/@me/${grid.channel_id}/${grid.id}`);
    expect(service.records().map((r) => r.prompt)).toContain("a tin robot writing");
    emu.assertNoRejectedRequests();
  });
});
