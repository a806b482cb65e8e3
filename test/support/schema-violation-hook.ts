/**
 * Vitest setup file: fails a test when a request body the client sent, or an answer an emulator gave,
 * broke its operation's schema in Discord's API description (see tools/discord-emulator/schema/). A test that sends
 * such a body on purpose takes the violations it expects with `emu.takeSchemaViolations()`.
 */
import { afterAll, afterEach } from "vitest";
import {
  describeViolation,
  takePendingSchemaViolations,
} from "../../tools/discord-emulator/schema/schema-violations.js";

function failOnViolations(when: string): void {
  const violations = takePendingSchemaViolations();
  if (violations.length === 0) return;
  const lines = violations.map(describeViolation);
  throw new Error(
    `${violations.length} schema violation(s) ${when} (Discord's API description, discord-api-spec):\n  ${lines.join("\n  ")}`,
  );
}

afterEach(() => failOnViolations("during the test"));
afterAll(() => failOnViolations("in the file's hooks"));
