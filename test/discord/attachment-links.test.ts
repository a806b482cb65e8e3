import { expect, test } from "vitest";
import { fetchableByGenerator, requireFetchableImageLinks } from "../../src/discord/attachment-links.js";
import { UserError } from "../../src/errors.js";
import { readPrompt } from "../../src/prompt/prompt.js";

const SIGNED = "http://127.0.0.1:9000/attachments/1/2/u1.png?ex=6a000000&is=69ff0000&hm=abcdef";

test.each([
  ["a public server's image", "https://cl.imagineapi.dev/assets/a/b.png", true],
  [
    "a signed attachment link of Discord's",
    "https://cdn.discordapp.com/attachments/1/2/a.png?ex=1&is=2&hm=3",
    true,
  ],
  ["a signed attachment link on a local address (the emulator's CDN)", SIGNED, true],
  ["a server on loopback", "http://127.0.0.1:8055/assets/a/a.png", false],
  ["a server on a home network", "http://192.168.1.20/assets/a/a.png", false],
  ["a container's single-label name", "http://imagine-service/assets/a/a.png", false],
  ["localhost", "http://localhost:8055/assets/a/a.png", false],
])("%s: fetchable by the generator is %s", (_what, url, fetchable) => {
  expect(fetchableByGenerator(url)).toBe(fetchable);
});

test("a prompt with an image on a private address is refused naming the host; public ones pass", () => {
  expect(() => requireFetchableImageLinks(readPrompt("https://example.com/a.png a fox"))).not.toThrow();
  const refusal = (() => {
    try {
      requireFetchableImageLinks(readPrompt(`${SIGNED} http://10.0.0.5:8055/assets/x.png a fox`));
    } catch (err) {
      return err;
    }
  })();
  expect(refusal).toBeInstanceOf(UserError);
  expect((refusal as UserError).message).toContain("10.0.0.5:8055");
});
