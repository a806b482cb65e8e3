/**
 * Which kind of ImagineAPI server the bot talks to (service-facts.md, "Two kinds of server"): the hosted
 * service takes `ref` and has the upscale route; a self-hosted server has neither. Found out at start by
 * requests that create nothing, learned again from the service's answers, and overridable by the owner
 * (IMAGINE_API_REF, IMAGINE_API_UPSCALE). Jobs never depend on `ref`: they are matched by image id.
 */
import type { Logger } from "../logger.js";
import type { ImagineClient } from "./client.js";
import { isServiceError, type ServiceError } from "./errors.js";
import type { ImageRecord, UpscaleFactor } from "./schema.js";
import { SPEEDS, type Speed } from "../prompt/speed.js";

/** IMAGINE_API_REF: find out (`auto`), or always / never send `ref`. */
export type RefSetting = "auto" | "send" | "omit";
/** IMAGINE_API_UPSCALE: find out (`auto`), or take the upscale route as there (`on`) or not (`off`). */
export type UpscaleSetting = "auto" | "on" | "off";

/** What is known of one feature of the server: `has` is null while unknown; `why` says how it was found. */
export interface Finding {
  readonly has: boolean | null;
  readonly why: string;
}

/** What the bot knows of the server. */
export interface ServiceFeatures {
  /** Whether creates carry `ref`. */
  readonly ref: Finding;
  /** Whether the upscale route exists (Enhance). */
  readonly upscale: Finding;
}

export interface ServiceProfileOptions {
  client: Pick<ImagineClient, "readFields" | "probeUpscaleRoute" | "createImage" | "upscale">;
  ref: RefSetting;
  upscale: UpscaleSetting;
  logger: Logger;
}

/** What reading the `ref` field says: there, not there, not checkable (no list), or no answer (null). */
type RefField = "present" | "absent" | "uncheckable" | null;

const NOT_PROBED = "not found out yet (the service has not answered)";

/** Directus' generic answer to a body its create hook does not accept (a self-hosted server and `ref`). */
export function isGenericServerError(err: unknown): err is ServiceError {
  return isServiceError(err) && err.status === 500 && err.code === "INTERNAL_SERVER_ERROR";
}

/**
 * Directus' answer for a route it does not have (404 `ROUTE_NOT_FOUND`), as a self-hosted ImagineAPI answers its
 * missing upscale route. Any other 404 (a proxy, an image gone) fails that one request and proves nothing.
 */
export function isMissingUpscaleRoute(err: unknown): err is ServiceError {
  return isServiceError(err) && err.status === 404 && err.code === "ROUTE_NOT_FOUND";
}

/** Knows which kind of server it is, and creates and upscales accordingly. */
export class ServiceProfile {
  #ref: Finding;
  #upscale: Finding;
  #probing: Promise<void> | null = null;
  #reported = false;
  /** Set once an answer of the server proved it a self-hosted ImagineAPI. */
  #selfHosted = false;
  readonly #options: ServiceProfileOptions;

  constructor(options: ServiceProfileOptions) {
    this.#options = options;
    this.#ref =
      options.ref === "auto"
        ? { has: null, why: NOT_PROBED }
        : { has: options.ref === "send", why: `IMAGINE_API_REF=${options.ref}` };
    this.#upscale =
      options.upscale === "auto"
        ? { has: null, why: NOT_PROBED }
        : { has: options.upscale === "on", why: `IMAGINE_API_UPSCALE=${options.upscale}` };
    // Only a self-hosted ImagineAPI takes no `ref` (the hosted interface documents it), so the owner who
    // says so says which kind it is: no relax there, and the out-of-date hint applies. `off` alone does not.
    this.#selfHosted = options.ref === "omit";
  }

  /** What is known now. */
  get features(): ServiceFeatures {
    return { ref: this.#ref, upscale: this.#upscale };
  }

  /** Whether everything is known (nothing left to probe). */
  get settled(): boolean {
    return this.#ref.has !== null && this.#upscale.has !== null;
  }

  /** Whether creates carry `ref`: unless the server is known not to take it (the interface documents it). */
  get sendsRef(): boolean {
    return this.#ref.has !== false;
  }

  /**
   * Whether the server is known to be a self-hosted ImagineAPI: the owner set `IMAGINE_API_REF=omit`, or
   * its answers showed no `ref` field or no upscale route (`IMAGINE_API_UPSCALE=off` alone proves nothing:
   * an owner may turn Enhance off on the hosted service).
   */
  get selfHosted(): boolean {
    return this.#selfHosted;
  }

  /**
   * The speeds this server can run: a self-hosted ImagineAPI fails every job in relax mode
   * (midjourney-facts.md, "Speeds"), so it runs fast and turbo only; any other server all three. A pool
   * routes by this per server.
   */
  get speeds(): readonly Speed[] {
    return this.#selfHosted ? SPEEDS.filter((speed) => speed !== "relax") : SPEEDS;
  }

  /** Whether Enhance may be offered: unless the server is known to have no upscale route. */
  get hasUpscale(): boolean {
    return this.#upscale.has !== false;
  }

  /** The configured Enhance factors, or none on a server without the upscale route. */
  enhanceFactors(configured: readonly UpscaleFactor[]): readonly UpscaleFactor[] {
    return this.hasUpscale ? configured : [];
  }

  /** One line for /healthz and logs. */
  describe(): string {
    const word = (f: Finding, yes: string, no: string) => (f.has === null ? "unknown" : f.has ? yes : no);
    return (
      `ref ${word(this.#ref, "sent", "not sent")} (${this.#ref.why}); ` +
      `upscale route ${word(this.#upscale, "present", "absent")} (${this.#upscale.why})`
    );
  }

  /**
   * Finds out what is not known yet, creating nothing; one probe at a time, never throws. What the service
   * does not answer stays unknown for the next probe (the bot does not wait for it at start). Logs the
   * result once, when everything is known.
   */
  probe(): Promise<void> {
    if (this.settled) return Promise.resolve();
    this.#probing ??= this.#probeOnce().finally(() => (this.#probing = null));
    return this.#probing;
  }

  /**
   * Creates an image, with `ref` unless the server does not take it. A 500 INTERNAL_SERVER_ERROR to a create
   * carrying `ref` is how a self-hosted server refuses it: `ref` is never sent again, the owner is told once,
   * and the create is sent again without `ref` only when the service proves it has no `ref` field (its
   * create hook then refused the body before making any record); otherwise the error is thrown.
   */
  async createImage(prompt: string, ref: string): Promise<ImageRecord> {
    if (this.#ref.has === null) await this.probe();
    const { client } = this.#options;
    if (!this.sendsRef) return client.createImage({ prompt });
    try {
      return await client.createImage({ prompt, ref });
    } catch (err) {
      if (!isGenericServerError(err)) throw err;
      const field = await this.#readRefField();
      if (field === "present") throw err;
      this.#refuseRef(field === "absent");
      if (field !== "absent") throw err;
      return client.createImage({ prompt });
    }
  }

  /**
   * Upscales one image of a grid (`ref` as for {@link createImage}). A 404 ROUTE_NOT_FOUND means the server has no upscale
   * route: Enhance is off from now on (logged once), and the error is thrown.
   */
  async upscale(parentId: string, index: number, factor: UpscaleFactor, ref: string): Promise<ImageRecord> {
    try {
      return await this.#options.client.upscale(parentId, index, factor, this.sendsRef ? { ref } : {});
    } catch (err) {
      if (isMissingUpscaleRoute(err)) this.#selfHosted = true;
      if (isMissingUpscaleRoute(err) && this.#upscale.has !== false) {
        this.#upscale = { has: false, why: "an upscale answered 404 ROUTE_NOT_FOUND: Enhance is off" };
        this.#options.logger.warn(
          { status: err.status, code: err.code },
          "the image service has no upscale route (a self-hosted ImagineAPI): Enhance is off and no longer offered",
        );
      }
      throw err;
    }
  }

  async #probeOnce(): Promise<void> {
    if (this.#ref.has === null) {
      const field = await this.#readRefField();
      if (field === "present") this.#ref = { has: true, why: "the service has a ref field" };
      else if (field === "absent") {
        this.#selfHosted = true;
        this.#ref = {
          has: false,
          why: "no ref field: a self-hosted ImagineAPI; jobs are matched by image id",
        };
      } else if (field === "uncheckable")
        this.#ref = { has: true, why: "the fields cannot be listed; sent as documented until refused" };
    }
    if (this.#upscale.has === null) this.#upscale = (await this.#probeUpscale()) ?? this.#upscale;
    if (this.settled && !this.#reported) {
      this.#reported = true;
      this.#options.logger.info({ features: this.describe() }, "image service features found");
    }
  }

  /**
   * Reads one record's `id,ref` and, when that is forbidden, its `id` alone: Directus answers 403 for a
   * field it does not have, so 200 then 403 proves there is no `ref` field.
   */
  async #readRefField(): Promise<RefField> {
    const { client } = this.#options;
    try {
      await client.readFields(["id", "ref"]);
      return "present";
    } catch (err) {
      if (!isServiceError(err)) return null;
      if (err.status === 404) return "uncheckable";
      if (err.kind !== "forbidden") return null;
    }
    try {
      await client.readFields(["id"]);
      return "absent";
    } catch (err) {
      return isServiceError(err) && (err.kind === "forbidden" || err.status === 404) ? "uncheckable" : null;
    }
  }

  /** Whether the upscale route exists, from its answer about an image no server has; null: no answer. */
  async #probeUpscale(): Promise<Finding | null> {
    const { client, logger } = this.#options;
    try {
      const made = await client.probeUpscaleRoute();
      logger.error({ imageId: made.id }, "the upscale probe of the nil image id made a record");
      return { has: true, why: "the upscale route answered" };
    } catch (err) {
      if (isMissingUpscaleRoute(err)) {
        this.#selfHosted = true;
        return { has: false, why: "404 ROUTE_NOT_FOUND: a self-hosted ImagineAPI; Enhance is off" };
      }
      if (isServiceError(err) && (err.kind === "forbidden" || err.kind === "validation")) {
        return { has: true, why: "it answered for an image it does not have" };
      }
      return null;
    }
  }

  /** `ref` is never sent again; the owner is told once why. */
  #refuseRef(proven: boolean): void {
    if (proven) this.#selfHosted = true;
    if (this.#ref.has === false) return;
    this.#ref = {
      has: false,
      why: proven
        ? "a create with ref got 500 and the service has no ref field (a self-hosted ImagineAPI)"
        : "a create with ref got 500 INTERNAL_SERVER_ERROR",
    };
    this.#options.logger.warn(
      { proven },
      proven
        ? "the image service refused ref (500 INTERNAL_SERVER_ERROR; it has no ref field: a self-hosted ImagineAPI): ref is not sent again, jobs are matched by image id, and the create was sent again without it"
        : "a create carrying ref got 500 INTERNAL_SERVER_ERROR, as a self-hosted ImagineAPI answers ref: ref is not sent again; the request was not repeated, as the service may have made the image",
    );
  }
}
