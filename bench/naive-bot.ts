/**
 * The naive baseline of the Discord-calls benchmark: a bot as it is often first written. /imagine defers,
 * creates the image record, then starts a timer for that job that reads the record and edits the reply on
 * every poll, whether anything changed or not, until the job is finished. Same emulator, same service,
 * same poll interval as the real bot. Env: DISCORD_API_URL, DISCORD_TOKEN, IMAGINE_API_URL,
 * IMAGINE_API_TOKEN, POLL_INTERVAL_MS. Prints NAIVE_READY once connected.
 */
import { Client, Events, GatewayIntentBits, type ChatInputCommandInteraction } from "discord.js";
import { request } from "undici";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`naive-bot: ${name} is required`);
    process.exit(1);
  }
  return value;
}

const apiUrl = required("DISCORD_API_URL");
const serviceUrl = required("IMAGINE_API_URL");
const serviceToken = required("IMAGINE_API_TOKEN");
const intervalMs = Number(required("POLL_INTERVAL_MS"));

interface Record {
  id: string;
  status: string;
  progress: number | string | null;
  url: string | null;
}

async function service(method: "GET" | "POST", path: string, body?: unknown): Promise<Record> {
  const res = await request(`${serviceUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${serviceToken}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.body.json()) as { data: Record };
  return json.data;
}

function render(record: Record, done: boolean) {
  const buttons = ["U1", "U2", "U3", "U4"].map((label) => ({
    type: 2,
    style: 2,
    label,
    custom_id: `naive:${label}:${record.id}`,
  }));
  return {
    content: `${record.status} ${record.progress ?? ""}%`,
    embeds: record.url ? [{ title: "imagine", image: { url: record.url } }] : [],
    components: done ? [{ type: 1, components: buttons }] : [],
  };
}

async function imagine(interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply();
  const created = await service("POST", "/items/images", {
    prompt: interaction.options.getString("prompt", true),
    ref: interaction.id,
  });
  const timer = setInterval(() => {
    void (async () => {
      const record = await service("GET", `/items/images/${created.id}`);
      const done = record.status === "completed" || record.status === "failed";
      if (done) clearInterval(timer);
      await interaction.editReply(render(record, done));
    })().catch((err: unknown) => console.error("naive-bot poll failed:", err));
  }, intervalMs);
}

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: apiUrl } });
client.on(Events.InteractionCreate, (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "imagine")
    imagine(interaction).catch((err: unknown) => console.error("naive-bot /imagine failed:", err));
});
client.once(Events.ClientReady, () => console.log("NAIVE_READY"));
process.on("SIGTERM", () => void client.destroy().then(() => process.exit(0)));
await client.login(required("DISCORD_TOKEN"));
