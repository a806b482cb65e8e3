import { describe, expect, test } from "vitest";
import { FollowedJobs, progressSignatureOf } from "../../src/imagine/followed-jobs.js";
import { newJob } from "../../src/imagine/job-request.js";
import { NO_NOTICE } from "../../src/imagine/pending-notice.js";
import { imageRecord } from "../fixtures/fake-image-service.js";
import { request } from "./service-fakes.js";

function followedJob(id: string) {
  return newJob(...request(), imageRecord(id, "in-progress", 10), 0);
}

describe("FollowedJobs", () => {
  test("every job added or removed is heard as the new number of followed jobs", () => {
    const counts: number[] = [];
    const followed = new FollowedJobs((count) => counts.push(count));
    followed.add(followedJob("a"));
    followed.add(followedJob("b"));
    followed.remove("a");
    followed.remove("a");
    expect(counts).toEqual([1, 2, 1]);
    expect(followed.ids()).toEqual(["b"]);
  });

  test("a snapshot is a copy: changing it changes no followed job", () => {
    const followed = new FollowedJobs();
    followed.add(followedJob("a"));
    const [copy] = followed.snapshot();
    copy!.status = "failed";
    expect(followed.get("a")?.status).toBe("in-progress");
  });

  test("a removed job's last rendered progress is forgotten with it", () => {
    const followed = new FollowedJobs();
    followed.add(followedJob("a"));
    followed.rendered("a", { signature: "s", key: "k", record: imageRecord("a", "in-progress", 10) });
    expect(followed.lastRendered("a")?.key).toBe("k");
    followed.remove("a");
    expect(followed.lastRendered("a")).toBeUndefined();
  });

  test("an undeliverable mark is told once and cleared by asking", () => {
    const followed = new FollowedJobs();
    followed.markUndeliverable("a");
    expect(followed.takeUndeliverable("a")).toBe(true);
    expect(followed.takeUndeliverable("a")).toBe(false);
  });
});

describe("progressSignatureOf", () => {
  test("a finished record has no progress signature", () => {
    expect(progressSignatureOf(imageRecord("a", "completed"), NO_NOTICE)).toBeNull();
  });

  test("a notice that the service is not ready changes the signature of the same record", () => {
    const record = imageRecord("a", "pending");
    expect(progressSignatureOf(record, { serviceNotReady: "starting" })).not.toBe(
      progressSignatureOf(record, NO_NOTICE),
    );
  });
});
