import { afterEach } from "vitest";
import type { JobMessenger } from "../../src/imagine/imagine-service.js";
import { ImagineService } from "../../src/imagine/imagine-service.js";
import type { MessageLocation } from "../../src/imagine/job.js";
import type { ImageServers } from "../../src/imagine/image-servers.js";
import { IMAGINE, unknownKind, type JobKind } from "../../src/imagine/job-kind.js";
import type { JobDelivery, JobRequest } from "../../src/imagine/job-request.js";
import { MemoryJobStore } from "../support/memory-job-store.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { FakeImageService } from "../fixtures/fake-image-service.js";
import { ManualClock } from "../jobs/manual-clock.js";
import { readPrompt } from "../../src/prompt/prompt.js";

export const location: MessageLocation = {
  applicationId: "100000000000000001",
  interactionToken: "interaction-token-that-is-long-enough",
  interactionTokenExpiresAt: Date.UTC(2024, 0, 1) + 15 * 60_000,
  guildId: "200000000000000001",
  channelId: "300000000000000001",
  messageId: null,
  channelEditable: true,
};

/** Records every message the core asks Discord to show. */
export class FakeMessenger implements JobMessenger {
  readonly shown: { message: OutgoingMessage; final: boolean; location: MessageLocation }[] = [];
  /** Every call, delivered or not. */
  calls = 0;
  /** Thrown by every show while set. */
  failWith: unknown = null;
  /** Thrown by every progress (not final) show while set. */
  failProgressWith: unknown = null;

  async show(loc: MessageLocation, message: OutgoingMessage) {
    this.calls++;
    if (this.failWith) throw this.failWith;
    if (this.failProgressWith) throw this.failProgressWith;
    this.shown.push({ message, final: false, location: loc });
    return {
      location: { ...loc, messageId: loc.messageId ?? "400000000000000001" },
      route: "interaction" as const,
    };
  }

  /** The nonce of every result posted, in order. */
  readonly nonces: string[] = [];
  /** Progress messages removed after their result was posted. */
  readonly retired: MessageLocation[] = [];

  async postResult(loc: MessageLocation, message: OutgoingMessage, options: { nonce: string }) {
    this.calls++;
    if (this.failWith) throw this.failWith;
    this.shown.push({ message, final: true, location: loc });
    this.nonces.push(options.nonce);
    const messageId = `4100000000000000${String(this.nonces.length).padStart(2, "0")}`;
    return { guildId: loc.guildId, channelId: loc.channelId, messageId, route: "channel-new" as const };
  }

  async retire(loc: MessageLocation) {
    this.retired.push(loc);
    return "deleted" as const;
  }

  /** Messages shown only to the requester. */
  readonly shownPrivately: { message: OutgoingMessage; requesterId: string }[] = [];

  async showPrivately(_loc: MessageLocation, message: OutgoingMessage, requesterId: string) {
    this.shownPrivately.push({ message, requesterId });
    return "interaction" as const;
  }
}

/**
 * One image server, the fake: it takes `ref` and has the upscale route, so creates and upscales go straight to
 * it; every job is sent at once (not `lined`) and its status is unknown. `overrides` replaces any part.
 */
export function fakeServers(service: FakeImageService, overrides: Partial<ImageServers> = {}): ImageServers {
  return {
    lined: false,
    create: (job) => {
      const { kind } = job;
      switch (kind.name) {
        case "imagine":
          return service.createImage({ prompt: job.prompt.text, ref: job.ref });
        case "upscale":
          return service.upscale(kind.parentId, kind.index, kind.factor, { ref: job.ref });
        default:
          return unknownKind(kind);
      }
    },
    getImage: (id) => service.getImage(id),
    downloadImage: (url) => service.downloadImage(url),
    nameOf: () => undefined,
    holderOf: () => Promise.resolve("server 1"),
    follow: () => {},
    ended: () => {},
    forget: () => {},
    hasFreeSlot: () => true,
    canRun: () => true,
    someServerUp: () => true,
    serviceStatus: () => null,
    recordEnded: () => false,
    findCreated: () => Promise.resolve("unknown"),
    ...overrides,
  };
}

/** The service's options, with `servers` as parts of {@link fakeServers} over the fake image service. */
export type ServiceOverrides = Partial<Omit<ConstructorParameters<typeof ImagineService>[0], "servers">> & {
  servers?: Partial<ImageServers>;
};

export function createService(overrides: ServiceOverrides = {}) {
  const clock = new ManualClock();
  const service = new FakeImageService(clock);
  const messenger = new FakeMessenger();
  const store = overrides.store ?? new MemoryJobStore();
  const { servers, ...rest } = overrides;
  const imagine = new ImagineService({
    servers: fakeServers(service, servers),
    messenger,
    store,
    pollIntervalMs: 3000,
    timeoutMs: 60_000,
    progressUpdateIntervalMs: 3000,
    imageDelivery: "link",
    imageDownloadMaxBytes: 1_000_000,
    clock,
    random: () => 0,
    ...rest,
  });
  return { clock, service, messenger, store, imagine };
}

/** A request for a job of `kind` asked by interaction `ref`, and where its messages go: `submit`'s arguments. */
export function request(ref = "500000000000000001", kind: JobKind = IMAGINE): [JobRequest, JobDelivery] {
  const requester = { userId: "600000000000000001", guildId: location.guildId, isModerator: false };
  return [
    { requester, ref, place: null, prompt: readPrompt("a cat"), kind },
    { source: "interaction", location, language: "en" },
  ];
}

/**
 * Registers a hook stopping the service each test made, and returns the setup: `setup(overrides)` builds
 * one with {@link createService}.
 */
export function useImagineService(): (
  overrides?: Parameters<typeof createService>[0],
) => ReturnType<typeof createService> {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });
  return (overrides = {}) => {
    const env = createService(overrides);
    stop = () => env.imagine.stop();
    return env;
  };
}
