import { expect, test } from "vitest";
import { serversFields } from "../../../commands/status/status-servers-view.js";
import { translator } from "../../../src/i18n/translate.js";

test.each([
  [0, "en", "Image servers (0 jobs waiting in the bot's line)"],
  [1, "en", "Image servers (1 job waiting in the bot's line)"],
  [2, "en", "Image servers (2 jobs waiting in the bot's line)"],
  [1, "de", "Bildserver (1 Auftrag wartet in der Schlange des Bots)"],
  [3, "de", "Bildserver (3 Aufträge warten in der Schlange des Bots)"],
] as const)(
  "the servers' title counts %i waiting job(s) in the reader's language (%s)",
  async (waiting, lang, title) => {
    const t = translator(lang);
    expect(serversFields(t, { rows: [], waiting }, 0)[0]?.name).toBe(title);
  },
);
