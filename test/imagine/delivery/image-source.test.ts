import { describe, expect, test } from "vitest";
import { attachmentName, isPrivateHost, shouldAttach } from "../../../src/imagine/delivery/image-source.js";

describe("isPrivateHost", () => {
  test.each([
    ["localhost", true],
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.20", true],
    ["169.254.1.1", true],
    ["[::1]", true],
    ["fd00::1", true],
    ["::ffff:127.0.0.1", true],
    ["printer.local", true],
    ["imagine-service", true],
    ["172.32.0.1", false],
    ["8.8.8.8", false],
    ["cl.imagineapi.dev", false],
    ["2606:4700::1111", false],
  ])("%s is private: %s", (host, expected) => {
    expect(isPrivateHost(host)).toBe(expected);
  });
});

describe("shouldAttach", () => {
  test.each([
    ["auto", "http://127.0.0.1:8787/assets/a/grid.png", true],
    ["auto", "https://cdn.imagineapi.dev/a.png", false],
    ["auto", "not a url", true],
    ["link", "http://localhost/a.png", false],
    ["attach", "https://cdn.imagineapi.dev/a.png", true],
  ] as const)("mode %s with %s attaches: %s", (mode, url, expected) => {
    expect(shouldAttach(mode, url)).toBe(expected);
  });
});

describe("attachmentName", () => {
  test.each([
    ["grid", "https://x/y/grid.PNG", undefined, "grid.png"],
    ["preview", "https://x/p.webp?v=3", undefined, "preview.webp"],
    ["u1", "https://x/file", "image/jpeg", "u1.jpg"],
    ["u2", "https://x/file", undefined, "u2.png"],
  ])("names %s from %s as %s", (base, url, type, expected) => {
    expect(attachmentName(base, url, type)).toBe(expected);
  });
});
