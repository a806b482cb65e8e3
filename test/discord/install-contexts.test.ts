import { describe, expect, test } from "vitest";
import { commands } from "../../commands/index.js";
import { parseConfig } from "../../src/config.js";
import { commandBody } from "../../src/discord/command.js";

const required = {
  DISCORD_TOKEN: "bot-token-value",
  IMAGINE_API_URL: "https://cl.imagineapi.dev/",
  IMAGINE_API_TOKEN: "service-token-value",
};

/** Each command's install types and contexts as registered under `env`. */
function registered(env: Record<string, string> = {}) {
  const config = parseConfig({ ...required, ...env });
  return Object.fromEntries(
    commands.map((command) => {
      const body = commandBody(command, config);
      return [body.name, { integration_types: body.integration_types, contexts: body.contexts }];
    }),
  );
}

const MEMBER_COMMANDS = ["imagine", "blend", "help", "history", "show", "quota", "settings"];
const MODERATOR_COMMANDS = ["imagine-config", "imagine-status"];

describe("where commands can be installed and used", () => {
  test.each(MEMBER_COMMANDS)(
    "/%s is offered to server and user installs, in servers, the bot's DMs and group DMs",
    (name) => {
      expect(registered()[name]).toEqual({ integration_types: [0, 1], contexts: [0, 1, 2] });
    },
  );

  test.each(MODERATOR_COMMANDS)("/%s stays a server-install command, in servers only", (name) => {
    expect(registered()[name]).toEqual({ integration_types: [0], contexts: [0] });
    expect(registered({ USER_INSTALLS: "off" })[name]).toEqual({ integration_types: [0], contexts: [0] });
  });

  test.each(MEMBER_COMMANDS)(
    "with USER_INSTALLS=off, /%s is for server installs, in servers and the bot's DMs",
    (name) => {
      expect(registered({ USER_INSTALLS: "off" })[name]).toEqual({
        integration_types: [0],
        contexts: [0, 1],
      });
    },
  );

  test("USER_INSTALLS takes on or off, and says so when given anything else", () => {
    expect(parseConfig(required).USER_INSTALLS).toBe("on");
    expect(() => parseConfig({ ...required, USER_INSTALLS: "maybe" })).toThrow(/USER_INSTALLS/);
  });
});
