import { OverwriteType, PermissionFlagsBits as P } from "discord-api-types/v10";
import { describe, expect, test } from "vitest";
import {
  ALL_PERMISSIONS,
  computePermissions,
  toPermissionBits,
} from "../../../tools/discord-emulator/world/permissions.js";

const base = {
  guildId: "g",
  ownerId: "owner",
  userId: "u",
  rolePermissions: new Map([
    ["g", P.ViewChannel | P.SendMessages],
    ["mod", P.ManageMessages],
    ["admin", P.Administrator],
  ]),
  memberRoleIds: [] as string[],
};

describe("computePermissions", () => {
  test.each([
    ["@everyone only", {}, P.ViewChannel | P.SendMessages],
    ["plus a role", { memberRoleIds: ["mod"] }, P.ViewChannel | P.SendMessages | P.ManageMessages],
    ["an administrator", { memberRoleIds: ["admin"] }, ALL_PERMISSIONS],
    ["the owner", { userId: "owner" }, ALL_PERMISSIONS],
    [
      "an @everyone deny",
      { overwrites: [{ id: "g", type: OverwriteType.Role, allow: 0n, deny: P.SendMessages }] },
      P.ViewChannel,
    ],
    [
      "a role allow over an @everyone deny",
      {
        memberRoleIds: ["mod"],
        overwrites: [
          { id: "g", type: OverwriteType.Role, allow: 0n, deny: P.SendMessages },
          { id: "mod", type: OverwriteType.Role, allow: P.SendMessages, deny: 0n },
        ],
      },
      P.ViewChannel | P.SendMessages | P.ManageMessages,
    ],
    [
      "a member deny last",
      { overwrites: [{ id: "u", type: OverwriteType.Member, allow: 0n, deny: P.ViewChannel }] },
      P.SendMessages,
    ],
  ])("%s", (_name, override, expected) => {
    expect(computePermissions({ ...base, ...override })).toBe(expected);
  });
});

describe("toPermissionBits", () => {
  test.each([
    [8n, 8n],
    [8, 8n],
    ["1024", 1024n],
  ])("%s becomes %s", (input, bits) => {
    expect(toPermissionBits(input)).toBe(bits);
  });
  test.each([["abc"], [-1], [1.5]])("%s is refused", (input) => {
    expect(() => toPermissionBits(input)).toThrow(TypeError);
  });
});
