import { describe, expect, test } from "vitest";
import { NO_USABLE_IMAGE_ERROR, usableRecord } from "../../src/imagine/usable-record.js";
import { imageRecord } from "../fixtures/fake-image-service.js";

describe("usableRecord", () => {
  test.each([
    null,
    "",
    "ftp://cdn.example/grid.png",
    "/relative/grid.png",
    "javascript:alert(1)",
    "not a url",
  ])("a completed record with url %j becomes a failed one saying no usable image came back", (url) => {
    const record = usableRecord({ ...imageRecord("a", "completed"), url });
    expect(record).toMatchObject({
      status: "failed",
      error: NO_USABLE_IMAGE_ERROR,
      url: null,
      upscaled_urls: null,
    });
  });

  test.each(["https://cdn.example/a/grid.png", "http://127.0.0.1:8080/assets/grid.png"])(
    "a completed record with url %s is kept as it is",
    (url) => {
      const record = { ...imageRecord("a", "completed"), url };
      expect(usableRecord(record)).toBe(record);
    },
  );

  test.each(["pending", "in-progress", "failed"])(
    "a %s record is kept as it is, whatever its url",
    (status) => {
      const record = { ...imageRecord("a", status, 10), url: "ftp://x" };
      expect(usableRecord(record)).toBe(record);
    },
  );
});
