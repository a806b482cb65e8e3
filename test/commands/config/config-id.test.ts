import { describe, expect, test } from "vitest";
import { configCodec } from "../../../commands/config/config-id.js";
import { MAX_CUSTOM_ID_LENGTH } from "../../../src/custom-ids/id-codec.js";

const GUILD = "12345678901234567890";

describe("configCodec", () => {
  test.each(["channels", "reset"] as const)("%s ids read back as written, within 100 characters", (kind) => {
    const id = configCodec.encode({ kind, guildId: GUILD });
    expect(id.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
    expect(configCodec.decode(id)).toEqual({ kind, guildId: GUILD });
  });

  test.each([
    "imagine-config:reset",
    "imagine-config:wipe:123",
    "imagine-config:reset:12ab",
    "imagine-config:reset:123456789012345678901",
    "imagine-config:channels:1:2",
  ])("%j is not an id it wrote", (id) => {
    expect(configCodec.decode(id)).toBeNull();
  });

  test("refuses to write an id for a server id that is not a snowflake", () => {
    expect(() => configCodec.encode({ kind: "reset", guildId: "guild" })).toThrow(RangeError);
  });
});
