import type { JobMessenger } from "../../src/imagine/imagine-service.js";
import { ImagineService } from "../../src/imagine/imagine-service.js";
import type { Job, MessageLocation } from "../../src/imagine/job.js";
import { MemoryJobStore } from "../../src/imagine/job-store.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import type { ImageRecord } from "../../src/service/schema.js";
import { imageRecord } from "../jobs/fakes.js";
import { ManualClock } from "../jobs/manual-clock.js";

export const location: MessageLocation = {
  applicationId: "100000000000000001",
  interactionToken: "interaction-token-that-is-long-enough",
  interactionTokenExpiresAt: Date.UTC(2024, 0, 1) + 15 * 60_000,
  guildId: "200000000000000001",
  channelId: "300000000000000001",
  messageId: null,
  channelEditable: true,
};

/** A scripted image service: each getImage answers the next step of the job's script. */
export class FakeService {
  readonly scripts = new Map<string, ImageRecord[]>();
  creates = 0;
  downloads: string[] = [];
  downloadFails = false;

  script(id: string, steps: ImageRecord[]): void {
    this.scripts.set(id, steps);
  }

  async createImage(input: { prompt: string; ref?: string | null }): Promise<ImageRecord> {
    this.creates++;
    const id = `job-${this.creates}`;
    if (!this.scripts.has(id)) this.script(id, [imageRecord(id, "pending")]);
    return { ...this.scripts.get(id)![0]!, prompt: input.prompt, ref: input.ref ?? null };
  }

  /** Thrown by every getImage while set. */
  getFails: Error | null = null;

  async getImage(id: string): Promise<ImageRecord> {
    if (this.getFails) throw this.getFails;
    const steps = this.scripts.get(id)!;
    return steps.length > 1 ? steps.shift()! : steps[0]!;
  }

  async downloadImage(url: string) {
    this.downloads.push(url);
    if (this.downloadFails) throw new Error("download refused");
    return { bytes: Buffer.from("png"), contentType: "image/png" as const, fileName: "x.png" };
  }
}

/** Records every message the core asks Discord to show. */
export class FakeMessenger implements JobMessenger {
  readonly shown: { message: OutgoingMessage; final: boolean; location: MessageLocation }[] = [];
  /** Every call, delivered or not. */
  calls = 0;
  /** Thrown by every show while set. */
  failWith: unknown = null;
  /** Thrown by every progress (not final) show while set. */
  failProgressWith: unknown = null;

  async show(loc: MessageLocation, message: OutgoingMessage, options: { final: boolean }) {
    this.calls++;
    if (this.failWith) throw this.failWith;
    if (this.failProgressWith && !options.final) throw this.failProgressWith;
    this.shown.push({ message, final: options.final, location: loc });
    return {
      location: { ...loc, messageId: loc.messageId ?? "400000000000000001" },
      route: "interaction" as const,
    };
  }
}

export function createService(overrides: Partial<ConstructorParameters<typeof ImagineService>[0]> = {}) {
  const clock = new ManualClock();
  const service = new FakeService();
  const messenger = new FakeMessenger();
  const store = overrides.store ?? new MemoryJobStore();
  const imagine = new ImagineService({
    client: service,
    messenger,
    store,
    pollIntervalMs: 3000,
    timeoutMs: 60_000,
    progressUpdateIntervalMs: 3000,
    imageDelivery: "link",
    imageDownloadMaxBytes: 1_000_000,
    clock,
    random: () => 0,
    ...overrides,
  });
  return { clock, service, messenger, store, imagine };
}

export function request(ref = "500000000000000001") {
  return {
    prompt: "a cat",
    ref,
    requesterId: "600000000000000001",
    source: "interaction" as Job["source"],
    location,
  };
}
