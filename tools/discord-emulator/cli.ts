/**
 * Runs the Discord emulator standalone with the default world and a JSON control API, so a person can
 * drive a bot by hand: `npm run emulator -- --port 8790`.
 */
import { parseArgs } from "node:util";
import { controlApi } from "./control/control-api.js";
import { startDiscordEmulator, type DiscordEmulator } from "./emulator.js";
import { addGuildOnShard, createDefaultWorld } from "./fixtures.js";

const HELP = `Usage: npm run emulator -- [options]
Starts the Discord emulator with the default world; see tools/discord-emulator/README.md.

  --port N                   port (default 8790; 0 = any free port)
  --host ADDRESS             address to listen on (default 127.0.0.1)
  --token TOKEN              a fixed bot token, so .env survives restarts (default: a new one each start)
  --users N                  also add N members user1..userN to the server (default 0)
  --channels N               also add N text channels channel1..channelN to the server (default 0)
  --shard-guilds N           also add N servers, server i on gateway shard i of N, each with #general,
                             the extra channels and the extra members (default 0)
  --response-deadline-ms N   time allowed for the first interaction response (default 3000)`;

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8790" },
    host: { type: "string", default: "127.0.0.1" },
    token: { type: "string" },
    users: { type: "string", default: "0" },
    channels: { type: "string", default: "0" },
    "shard-guilds": { type: "string", default: "0" },
    "response-deadline-ms": { type: "string", default: "3000" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
function wholeNumber(name: string, raw: string, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`--${name} must be a whole number between 0 and ${max}, got "${raw}"`);
    process.exit(1);
  }
  return value;
}
if (values.token !== undefined && !/^[\w.-]{1,200}$/.test(values.token)) {
  console.error("--token must be 1-200 letters, digits, '.', '_' or '-' (as Discord tokens are)");
  process.exit(1);
}
const port = wholeNumber("port", values.port, 65535);
const extraUsers = wholeNumber("users", values.users, 100_000);
const extraChannels = wholeNumber("channels", values.channels, 500);
const shardGuildCount = wholeNumber("shard-guilds", values["shard-guilds"], 64);
const responseDeadlineMs = wholeNumber("response-deadline-ms", values["response-deadline-ms"], 2 ** 31 - 1);

let running: DiscordEmulator | null = null;
try {
  running = await startDiscordEmulator(
    {
      port,
      host: values.host,
      interactionResponseDeadlineMs: responseDeadlineMs,
      ...(values.token ? { botToken: values.token } : {}),
    },
    controlApi(() => running),
  );
} catch (error) {
  console.error(
    `Could not start the emulator on ${values.host}:${port}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
const emu = running;
const world = createDefaultWorld(emu);
const members = Array.from({ length: extraUsers }, (_, i) => emu.addUser({ username: `user${i + 1}` }));
for (const user of members) emu.addMember({ guildId: world.guild.id, user });
const addChannels = (guildId: string) =>
  Array.from({ length: extraChannels }, (_, i) => emu.addChannel({ guildId, name: `channel${i + 1}` }).id);
const extraChannelIds = addChannels(world.guild.id);
const shardGuilds = Array.from({ length: shardGuildCount }, (_, shard) => {
  const { guild, general } = addGuildOnShard(emu, shard, shardGuildCount, members);
  return `${shard} ${guild.id} ${[general.id, ...addChannels(guild.id)].join(",")}`;
});
const control = `${emu.baseUrl}/_control`;
console.log(`Discord emulator listening on ${emu.baseUrl}

# Point the bot at it (e.g. in .env):
DISCORD_API_URL=${emu.apiUrl}
DISCORD_TOKEN=${emu.botToken}
DISCORD_CLIENT_ID=${emu.applicationId}
DISCORD_GUILD_ID=${world.guild.id}

# World: guild "${world.guild.name}" ${world.guild.id}; #general ${world.general.id}; #nsfw-art ${world.nsfw.id}${extraChannelIds.map((id, i) => `; #channel${i + 1} ${id}`).join("")}
${shardGuilds.length > 0 ? `# Shard servers (shard server channels): ${shardGuilds.join("; ")}\n` : ""}# Users: alice ${world.alice.id}, mod ${world.mod.id} (Manage Guild), outsider ${world.outsider.id} (DM only)${extraUsers > 0 ? `, user1..user${extraUsers}` : ""}

# Drive it:
curl -s ${control}/state
curl -s -XPOST ${control}/slash -d '{"name":"imagine","options":{"prompt":"a red fox"},"user":"alice","channel":"${world.general.id}"}'
curl -s "${control}/messages?channel=${world.general.id}"
curl -s -XPOST ${control}/dm -d '{"user":"outsider","content":"hello"}'
curl -s -XPOST ${control}/click -d '{"message":"MESSAGE_ID","customId":"CUSTOM_ID","user":"alice"}'
curl -s -XPOST ${control}/clock/advance -d '{"ms":900000}'`);

const shutdown = () => {
  void emu.close().then(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
