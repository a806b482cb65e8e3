/**
 * Reading one image record on a user's behalf (a button click). The service answers 403 FORBIDDEN both for
 * an unknown, malformed or someone else's id and for a request without a token (service-facts.md
 * "Errors"), so a 403 about one image is only blamed on the bot's credentials when a request that checks
 * nothing but the token (`GET /items/status`) is refused too.
 */
import type { ImagineClient } from "./client.js";
import { isServiceError } from "./errors.js";
import type { ImageRecord } from "./schema.js";

/** The service does not know this image, or it belongs to another account: the button is stale. */
export class UnknownImageError extends Error {
  constructor(
    readonly imageId: string,
    options?: ErrorOptions,
  ) {
    super(`the image service does not know image ${JSON.stringify(imageId.slice(0, 80))}`, options);
    this.name = "UnknownImageError";
  }
}

/** What {@link readImage} needs of the client. */
export type ImageReader = Pick<ImagineClient, "getImage" | "getServiceStatus">;

/** Whether the service refuses the bot's token itself: its status request is refused with 401 or 403. */
export async function tokenRefused(client: Pick<ImagineClient, "getServiceStatus">): Promise<boolean> {
  try {
    await client.getServiceStatus();
    return false;
  } catch (err) {
    return isServiceError(err) && (err.kind === "unauthorized" || err.kind === "forbidden");
  }
}

/**
 * Reads image `id`. A 403 becomes {@link UnknownImageError} unless the token check fails too (then the
 * original `forbidden` error is thrown: the owner must fix the credentials).
 * @throws {UnknownImageError | ServiceError}
 */
export async function readImage(client: ImageReader, id: string): Promise<ImageRecord> {
  try {
    return await client.getImage(id);
  } catch (err) {
    if (!isServiceError(err) || err.kind !== "forbidden") throw err;
    if (await tokenRefused(client)) throw err;
    throw new UnknownImageError(id, { cause: err });
  }
}
