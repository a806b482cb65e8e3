/**
 * The demo page renders Discord's markdown where Discord does (issue 40, newcomer point 6): a masked link
 * `[text](url)` in an embed's description or field and in a bot's message (not in a member's), a block quote
 * at a line's start (`> `, `>>> `), and `\`-escapes shown without their backslash. The page's own modules in
 * headless Chromium, served as the demo serves them, with messages as the emulator returns them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchChromium, type HeadlessBrowser } from "../../demo/headless-chromium.js";
import { pageHandler } from "../../demo/page-server.js";
import { requireChromium, skipBrowserTests, warnIfBrowserTestsSkipped } from "../support/browser-tests.js";

warnIfBrowserTestsSkipped();

const BOT = { id: "1000000000000000001", username: "Imagine Bot", bot: true };
const MEMBER = { id: "1000000000000000002", username: "alice" };
const LINK = "https://discord.com/channels/2000000000000000001/3000000000000000001/4000000000000000001";

/** A message as the emulator's control API returns it. */
function message(author: object, content: string, embeds: object[] = []) {
  return {
    id: "5000000000000000001",
    version: 1,
    author,
    content,
    timestamp: "2026-01-01T12:00:00.000Z",
    edited_timestamp: null,
    embeds,
    attachments: [],
    components: [],
  };
}

describe.skipIf(skipBrowserTests)("the demo page's markdown", () => {
  let server: Server;
  let browser: HeadlessBrowser;
  let page: Page;

  beforeAll(async () => {
    requireChromium();
    const files = await pageHandler();
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      void files(req, res, url).then((served) => {
        if (!served) res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><body></body>");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/blank`);
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  /** Renders `msg` with the page's own renderer: its text, links and block quotes. */
  async function render(msg: object): Promise<{
    text: string;
    links: { text: string; href: string }[];
    quotes: string[];
  }> {
    // A string, run as the page's own module code (the test runner would rewrite a function's import).
    return page.evaluate(`(async () => {
      const { renderMessage } = await import("/render.js");
      const article = renderMessage(${JSON.stringify(msg)}, new Map(), { click() {}, select() {} });
      document.body.replaceChildren(article);
      return {
        text: article.textContent ?? "",
        links: [...article.querySelectorAll("a")].map((a) => ({ text: a.textContent, href: a.href })),
        quotes: [...article.querySelectorAll("blockquote")].map((q) => q.textContent),
      };
    })()`);
  }

  test("a /history entry's masked link in an embed reads as its text, linking to the message", async () => {
    const view = await render(
      message(BOT, "", [
        { title: "Your images", description: `**1.** ✅ Done · [jump to message](${LINK})` },
      ]),
    );
    expect(view.links).toEqual([{ text: "jump to message", href: LINK }]);
    expect(view.text).not.toContain("[jump to message]");
    expect(view.text).not.toContain("https://");
  });

  test("a failed job's quoted generator text is a block quote, without '>' or escapes", async () => {
    const view = await render(
      message(BOT, "", [
        {
          title: "Failed",
          description: "It failed.\n> quoted line one\nplain after",
          fields: [{ name: "The generator said", value: "> Banned prompt: \\*nsfw\\* \\> 18" }],
        },
      ]),
    );
    expect(view.quotes).toEqual(["quoted line one", "Banned prompt: *nsfw* > 18"]);
    expect(view.text).not.toMatch(/(^|\n)>|\\/);
    expect(view.text).toContain("plain after");
  });

  test("'>>> ' quotes the rest of a bot's message; a member's masked link stays as typed", async () => {
    const bot = await render(message(BOT, "Heads up:\n>>> one\ntwo"));
    expect(bot.quotes).toEqual(["one\ntwo"]);
    const member = await render(message(MEMBER, `see [here](${LINK})`));
    expect(member.text).toContain("[here]");
    expect(member.links.map((l) => l.text)).not.toContain("here");
  });
});
