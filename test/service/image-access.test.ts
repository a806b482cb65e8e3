import { describe, expect, test } from "vitest";
import { readImage, tokenRefused, UnknownImageError } from "../../src/service/image-access.js";
import { ServiceError, type ServiceErrorKind } from "../../src/service/errors.js";
import type { ServiceStatus } from "../../src/service/schema.js";
import { imageRecord } from "../fixtures/fake-image-service.js";

const error = (kind: ServiceErrorKind) => new ServiceError(kind, `fake ${kind}`);

/** A client whose image read and status read answer as given. */
function client(image: "ok" | ServiceErrorKind, status: "ok" | ServiceErrorKind) {
  const calls: string[] = [];
  return {
    calls,
    getImage: (id: string) => {
      calls.push(`image ${id}`);
      return image === "ok" ? Promise.resolve(imageRecord(id, "completed")) : Promise.reject(error(image));
    },
    getServiceStatus: (): Promise<ServiceStatus> => {
      calls.push("status");
      return status === "ok" ? Promise.resolve({ bot_status: "healthy" }) : Promise.reject(error(status));
    },
  };
}

describe("readImage", () => {
  test("a record the service returns is returned without checking the token", async () => {
    const c = client("ok", "unauthorized");
    await expect(readImage(c, "img-1")).resolves.toMatchObject({ id: "img-1" });
    expect(c.calls).toEqual(["image img-1"]);
  });

  test.each<{ status: "ok" | ServiceErrorKind; means: string }>([
    { status: "ok", means: "unknown image" },
    { status: "network", means: "unknown image" },
    { status: "server", means: "unknown image" },
    { status: "unauthorized", means: "refused token" },
    { status: "forbidden", means: "refused token" },
  ])("a 403 on the image while the token check answers $status means: $means", async ({ status, means }) => {
    const c = client("forbidden", status);
    const read = readImage(c, "img-9");
    if (means === "unknown image") await expect(read).rejects.toBeInstanceOf(UnknownImageError);
    else await expect(read).rejects.toMatchObject({ name: "ServiceError", kind: "forbidden" });
    expect(c.calls).toEqual(["image img-9", "status"]);
  });

  test.each<ServiceErrorKind>(["unauthorized", "server", "timeout", "rate-limited"])(
    "any other failure (%s) is passed on unchanged, without a token check",
    async (kind) => {
      const c = client(kind, "ok");
      await expect(readImage(c, "img-2")).rejects.toMatchObject({ kind });
      expect(c.calls).toEqual(["image img-2"]);
    },
  );
});

describe("tokenRefused", () => {
  test.each<["ok" | ServiceErrorKind, boolean]>([
    ["ok", false],
    ["unauthorized", true],
    ["forbidden", true],
    ["timeout", false],
  ])("a status check answering %s says refused: %s", async (status, refused) => {
    await expect(tokenRefused(client("ok", status))).resolves.toBe(refused);
  });
});
