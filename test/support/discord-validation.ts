/**
 * Checks a rendered message the way Discord does, with the emulator's own validation (its limits and its
 * schema check against Discord's API description), without starting an emulator: for tests that render
 * every view in every language.
 */
import { DiscordApiError } from "../../tools/discord-emulator/rest/api-error.js";
import { describeIssue, SchemaCheck } from "../../tools/discord-emulator/schema/schema-check.js";
import { buildMessageDraft } from "../../tools/discord-emulator/validation/message-payload.js";
import type { MessagePayload } from "../../src/render/payload.js";

let schemaCheck: SchemaCheck | undefined;

/** The body discord.js sends for `payload` (`allowed_mentions` in the API's spelling). */
function bodyOf(payload: MessagePayload): Record<string, unknown> {
  const { allowedMentions, ...rest } = payload;
  return {
    ...rest,
    embeds: [...payload.embeds],
    components: [...payload.components],
    allowed_mentions: {
      parse: [...allowedMentions.parse],
      users: [...allowedMentions.users],
      replied_user: allowedMentions.repliedUser,
    },
  };
}

/**
 * What Discord would answer to sending `payload` as a new message: `null` when it accepts it, else the
 * error (e.g. `400 50035 content: BASE_TYPE_MAX_LENGTH`) and any field its API description does not declare.
 */
export function discordRefusal(payload: MessagePayload): string | null {
  const body = bodyOf(payload);
  const problems: string[] = [];
  try {
    buildMessageDraft(body, {
      mode: "create",
      existing: null,
      files: [],
      allowEphemeral: true,
      storeFile: () => {
        throw new Error("no files in a rendered view");
      },
      maxUploadBytes: 25 * 1024 * 1024,
      warn: (message) => problems.push(`warning: ${message}`),
    });
  } catch (error) {
    if (!(error instanceof DiscordApiError)) throw error;
    problems.push(`${error.status} ${error.code} ${JSON.stringify(error.toJSON().errors ?? error.message)}`);
  }
  schemaCheck ??= new SchemaCheck();
  const checked = schemaCheck.request("POST", "/channels/1/messages", body);
  problems.push(...checked.issues.map(describeIssue));
  return problems.length === 0 ? null : problems.join("; ");
}
