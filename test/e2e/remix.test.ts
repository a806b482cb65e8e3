/**
 * 🖌️ Remix end to end through discord.js and the emulator, on both kinds of ImagineAPI server: the button
 * opens a modal with the prompt as sent, and its submit starts a new job through the /imagine start flow.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { ServiceProfile } from "../../tools/reference-service/index.js";
import { startBotHarness, type BotHarness } from "../support/bot-harness.js";
import { textOf } from "../support/message-view.js";
import { clickLabel, imagineGrid, isGrid, waitForResult, waitForUpscale } from "./imagine-steps.js";

let h: BotHarness;
afterEach(async () => {
  await h?.stop();
});

async function start(profile: ServiceProfile): Promise<BotHarness> {
  h = await startBotHarness({ service: { initialHealth: "healthy", profile } });
  await h.emu.waitFor(() => h.bot.context.profile.settled || undefined, {
    description: "the bot to find out the kind of server",
  });
  return h;
}

/** The text input of the modal the bot opened in answer to `handle`. */
function modalInput(modal: unknown) {
  const m = modal as { title: string; components: { components: { value?: string; custom_id: string }[] }[] };
  return { title: m.title, input: m.components[0]!.components[0]! };
}

describe.each(["hosted", "self-hosted"] as const)("🖌️ Remix on a %s server", (profile) => {
  test("the requester edits the prompt in a modal and gets a new job linked to the original grid", async () => {
    await start(profile);
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a red fox in the snow --ar 16:9" });

    const click = await clickLabel(h, grid, "Remix", world.alice);
    await emu.waitFor(() => click.modal() ?? undefined, { description: "the Remix modal" });
    const { title, input } = modalInput(click.modal());
    expect(title).toBe("Remix: edit the prompt");
    expect(input.value).toBe(record.prompt);
    expect(service.records()).toHaveLength(1);

    const submit = await emu.submitModal({
      interaction: click,
      user: world.alice,
      values: { [input.custom_id]: "a grey wolf in the snow --ar 16:9" },
    });
    const waiting = await submit.waitForResponse({ where: (m) => /waiting in queue/i.test(textOf(m)) });
    expect(waiting.ephemeral).toBe(false);
    const job = await h.bot.context.imagine.findJob(submit.id);
    const remixed = service.record(job!.imageId)!;
    expect(remixed.prompt).toBe("a grey wolf in the snow --ar 16:9");
    const link = `https://discord.com/channels/${world.guild.id}/${world.general.id}/${grid.id}`;
    expect(textOf(waiting)).toContain(`Remix of`);
    expect(textOf(waiting)).toContain(link);

    service.completeNow(remixed.id);
    const result = await waitForResult(h, remixed.id, isGrid);
    expect(textOf(result)).toContain(link);
    emu.assertNoRejectedRequests();
  });

  test("a single image can be remixed too; another member is refused privately and gets no modal", async () => {
    await start(profile);
    const { emu, world, service } = h;
    const { grid, record } = await imagineGrid(h, { prompt: "a lighthouse at dusk" });
    await clickLabel(h, grid, "U3", world.alice);
    const single = await waitForUpscale(h, record.id, 2);
    const bob = emu.addUser({ username: "bob" });
    emu.addMember({ guildId: world.guild.id, user: bob });

    const refused = await clickLabel(h, single, "Remix", bob);
    const note = await refused.waitForResponse();
    expect(note.ephemeral).toBe(true);
    expect(textOf(note)).toMatch(/only the person this image was posted for can remix/i);
    expect(refused.modal()).toBeNull();

    const click = await clickLabel(h, single, "Remix", world.alice);
    await emu.waitFor(() => click.modal() ?? undefined, { description: "the Remix modal" });
    expect(modalInput(click.modal()).input.value).toBe("a lighthouse at dusk");
    expect(service.records()).toHaveLength(1);
    emu.assertNoRejectedRequests();
  });
});

describe("🖌️ Remix checks the edited prompt like /imagine", () => {
  test("an invalid parameter is refused privately with the typed prompt, and nothing is created", async () => {
    await start("hosted");
    const { emu, world, service } = h;
    const { grid } = await imagineGrid(h, { prompt: "a red fox" });
    const click = await clickLabel(h, grid, "Remix", world.alice);
    await emu.waitFor(() => click.modal() ?? undefined, { description: "the Remix modal" });
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
});
