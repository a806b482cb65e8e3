import { beforeEach, describe, expect, test } from "vitest";
import { sniffImageType } from "../../src/service/download.js";
import { ImageDownloadError } from "../../src/service/errors.js";
import { expectServiceError, TOKEN, useMockService, type MockService } from "./mock-service.js";

const CDN = "https://cdn.test";
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(100, 1)]);
const JPEG = Buffer.concat([Buffer.from("ffd8ffe0", "hex"), Buffer.alloc(100, 2)]);
const GIF = Buffer.concat([Buffer.from("GIF89a", "latin1"), Buffer.alloc(50, 3)]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF", "latin1"),
  Buffer.alloc(4),
  Buffer.from("WEBPVP8 ", "latin1"),
]);

const mock = useMockService();
let cdn: ReturnType<MockService["agent"]["get"]>;
beforeEach(() => {
  cdn = mock().agent.get(CDN);
});

describe("downloadImage", () => {
  test("returns the bytes, content type and a file name taken from the URL, without the query", async () => {
    cdn
      .intercept({ path: "/files/grid.png?sig=abc" })
      .reply(200, PNG, { headers: { "content-type": "image/png" } });

    const image = await mock().client().downloadImage(`${CDN}/files/grid.png?sig=abc`, { maxBytes: 1000 });

    expect(image).toEqual({ bytes: PNG, contentType: "image/png", fileName: "grid.png" });
  });

  test("never sends the service token to the image host", async () => {
    cdn.intercept({ path: "/a.png" }).reply(302, "", { headers: { location: "https://other.test/b.png" } });
    mock()
      .agent.get("https://other.test")
      .intercept({ path: "/b.png" })
      .reply(200, PNG, { headers: { "content-type": "image/png" } });

    await mock().client().downloadImage(`${CDN}/a.png`, { maxBytes: 1000 });

    const calls = mock().calls();
    expect(calls.map((c) => c.path)).toEqual(["/a.png", "/b.png"]);
    for (const c of calls) {
      const names = Object.keys(c.headers).map((h) => h.toLowerCase());
      expect(names).toContain("user-agent");
      expect(names).not.toContain("authorization");
      expect(JSON.stringify(c.headers)).not.toContain(TOKEN);
    }
  });

  test.each([
    { name: "PNG", body: PNG, header: "image/png", type: "image/png", ext: "png" },
    { name: "JPEG", body: JPEG, header: "image/jpeg; charset=binary", type: "image/jpeg", ext: "jpg" },
    { name: "WebP", body: WEBP, header: "image/webp", type: "image/webp", ext: "webp" },
    { name: "GIF", body: GIF, header: "IMAGE/GIF", type: "image/gif", ext: "gif" },
    {
      name: "PNG sent as octet-stream",
      body: PNG,
      header: "application/octet-stream",
      type: "image/png",
      ext: "png",
    },
    { name: "JPEG labelled image/png", body: JPEG, header: "image/png", type: "image/jpeg", ext: "jpg" },
  ])("a $name gets content type $type and extension .$ext", async ({ body, header, type, ext }) => {
    cdn.intercept({ path: "/img" }).reply(200, body, { headers: { "content-type": header } });

    const image = await mock()
      .client()
      .downloadImage(`${CDN}/img`, { maxBytes: 1000, fileBaseName: "U1 of job 7" });

    expect(image.contentType).toBe(type);
    expect(image.fileName).toBe(`U1-of-job-7.${ext}`);
  });

  test.each([
    { name: "an HTML page", body: "<html>login</html>", header: "text/html", message: "got text/html" },
    { name: "JSON", body: "{}", header: "application/json", message: "got application/json" },
    {
      name: "an octet-stream that is no image",
      body: "hello",
      header: "application/octet-stream",
      message: "is not a PNG",
    },
  ])("$name is refused as not an image, without retrying", async ({ body, header, message }) => {
    cdn.intercept({ path: "/img.png" }).reply(200, body, { headers: { "content-type": header } });

    const err = await expectServiceError(mock().client().downloadImage(`${CDN}/img.png`, { maxBytes: 1000 }));

    expect(err).toBeInstanceOf(ImageDownloadError);
    expect(err).toMatchObject({ kind: "invalid-response", reason: "content-type" });
    expect(err.message).toContain(message);
    expect(mock().sleeps).toEqual([]);
  });

  test("an announced Content-Length over maxBytes is refused before reading", async () => {
    cdn
      .intercept({ path: "/big.png" })
      .reply(200, PNG, { headers: { "content-type": "image/png", "content-length": "5000000" } });

    const err = await expectServiceError(mock().client().downloadImage(`${CDN}/big.png`, { maxBytes: 1000 }));

    expect(err).toMatchObject({ reason: "too-large" });
    expect(err.message).toBe(
      "Image from cdn.test is too large to attach: 5000000 bytes, more than the 1000 allowed.",
    );
  });

  test("a body without Content-Length is counted while streaming and cut off past maxBytes", async () => {
    cdn
      .intercept({ path: "/big.png" })
      .reply(200, Buffer.concat([PNG, Buffer.alloc(5000)]), { headers: { "content-type": "image/png" } });

    const err = await expectServiceError(mock().client().downloadImage(`${CDN}/big.png`, { maxBytes: 1000 }));

    expect(err).toMatchObject({ reason: "too-large" });
    expect(err.message).toContain("more than the 1000 allowed");
  });

  test("an image of exactly maxBytes is accepted", async () => {
    cdn.intercept({ path: "/ok.png" }).reply(200, PNG, { headers: { "content-type": "image/png" } });

    const image = await mock().client().downloadImage(`${CDN}/ok.png`, { maxBytes: PNG.length });

    expect(image.bytes.length).toBe(PNG.length);
  });

  test("a relative redirect is followed", async () => {
    cdn.intercept({ path: "/a" }).reply(301, "", { headers: { location: "/files/final.webp" } });
    cdn
      .intercept({ path: "/files/final.webp" })
      .reply(200, WEBP, { headers: { "content-type": "image/webp" } });

    const image = await mock().client().downloadImage(`${CDN}/a`, { maxBytes: 1000 });

    expect(image.fileName).toBe("final.webp");
  });

  test("more redirects than maxRedirects are refused", async () => {
    for (const hop of [0, 1, 2]) {
      cdn.intercept({ path: `/r${hop}` }).reply(302, "", { headers: { location: `/r${hop + 1}` } });
    }

    const err = await expectServiceError(
      mock().client().downloadImage(`${CDN}/r0`, { maxBytes: 1000, maxRedirects: 2 }),
    );

    expect(err).toMatchObject({ reason: "redirects" });
    expect(err.message).toBe("Image download from cdn.test failed: more than 2 redirects.");
  });

  test.each([
    { name: "a non-http URL", url: "ftp://cdn.test/a.png" },
    { name: "a relative URL", url: "/files/a.png" },
    { name: "an empty URL", url: "" },
  ])("$name is refused before anything is sent", async ({ url }) => {
    const err = await expectServiceError(mock().client().downloadImage(url, { maxBytes: 1000 }));

    expect(err).toMatchObject({ reason: "url" });
    expect(err.message).toContain("not an http(s) URL");
    expect(mock().calls()).toEqual([]);
  });

  test("a redirect to a file: URL is refused", async () => {
    cdn.intercept({ path: "/a.png" }).reply(302, "", { headers: { location: "file:///etc/passwd" } });

    const err = await expectServiceError(mock().client().downloadImage(`${CDN}/a.png`, { maxBytes: 1000 }));

    expect(err).toMatchObject({ reason: "url" });
  });

  test("a 404 fails at once with the status", async () => {
    cdn.intercept({ path: "/gone.png" }).reply(404, "not found");

    const err = await expectServiceError(
      mock().client().downloadImage(`${CDN}/gone.png`, { maxBytes: 1000 }),
    );

    expect(err).toMatchObject({ reason: "status", status: 404, kind: "invalid-response" });
    expect(err.message).toBe("Image host cdn.test answered 404 while downloading an image from cdn.test.");
    expect(mock().sleeps).toEqual([]);
  });

  test("a 503 is retried, then the image is returned", async () => {
    cdn.intercept({ path: "/a.png" }).reply(503, "busy");
    cdn.intercept({ path: "/a.png" }).reply(200, PNG, { headers: { "content-type": "image/png" } });

    await expect(mock().client().downloadImage(`${CDN}/a.png`, { maxBytes: 1000 })).resolves.toMatchObject({
      contentType: "image/png",
    });
    expect(mock().sleeps).toEqual([250]);
  });

  test("a host that answers later than timeoutMs is a timeout", async () => {
    cdn
      .intercept({ path: "/slow.png" })
      .reply(200, PNG, { headers: { "content-type": "image/png" } })
      .delay(1000);

    const err = await expectServiceError(
      mock().client({ maxRetries: 0 }).downloadImage(`${CDN}/slow.png`, { maxBytes: 1000, timeoutMs: 20 }),
    );

    expect(err).toMatchObject({ kind: "timeout", request: "GET https://cdn.test/slow.png" });
  });

  test("a zero maxBytes is a clear error", async () => {
    await expect(mock().client().downloadImage(`${CDN}/a.png`, { maxBytes: 0 })).rejects.toThrow(
      /maxBytes must be/,
    );
  });
});

describe("sniffImageType", () => {
  test.each([
    { name: "PNG", bytes: PNG, type: "image/png" },
    { name: "JPEG", bytes: JPEG, type: "image/jpeg" },
    { name: "GIF", bytes: GIF, type: "image/gif" },
    { name: "WebP", bytes: WEBP, type: "image/webp" },
    { name: "text", bytes: Buffer.from("<html>"), type: undefined },
    { name: "nothing", bytes: Buffer.alloc(0), type: undefined },
    { name: "a RIFF that is not WebP", bytes: Buffer.from("RIFF0000WAVE", "latin1"), type: undefined },
  ])("recognises $name as $type", ({ bytes, type }) => {
    expect(sniffImageType(bytes)).toBe(type);
  });
});
