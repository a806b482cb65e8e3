import { describe, expect, test } from "vitest";
import { AuditLog, renderAuditEntry, type AuditEntry } from "../../src/audit/audit-log.js";
import type { OutgoingMessage } from "../../src/imagine/outgoing-message.js";
import { captureLogs } from "../support/log-capture.js";
import { jobNumber } from "../render/status-fixtures.js";

const AUDIT_CHANNEL = "500000000000000001";

const entry: AuditEntry = {
  kind: "submitted",
  requesterId: "100000000000000001",
  guildId: "200000000000000001",
  prompt: "a *bold* fox --ar 16:9",
  jobId: "3f1c0a52-5d8e-4c1e-9a53-0f6a4d1a8f10",
};

/** The embed's text: title, description, and `name: value` per field. */
function textOf(message: OutgoingMessage): string {
  const [embed] = message.payload.embeds;
  return [
    embed?.title,
    embed?.description,
    ...(embed?.fields ?? []).map((f) => `${f.name}: ${f.value}`),
  ].join("\n");
}

function auditLog(channelId: string | undefined, post = async (_id: string, _m: OutgoingMessage) => {}) {
  const logs = captureLogs();
  const posted: { channelId: string; message: OutgoingMessage }[] = [];
  const log = new AuditLog({
    channelId,
    post: async (id, message) => {
      posted.push({ channelId: id, message });
      await post(id, message);
    },
    logger: logs.logger,
  });
  return { log, posted, logs };
}

describe("renderAuditEntry", () => {
  test("names the requester, where, the prompt (escaped) and the job id, and pings nobody", () => {
    const message = renderAuditEntry(entry);
    const text = textOf(message);
    expect(text).toContain("Image submitted");
    expect(text).toContain("Requested by: <@100000000000000001>");
    expect(text).toContain("Where: server");
    expect(text).toContain("a \\*bold\\* fox --ar 16:9");
    expect(text).toContain("Job: `3f1c0a52-5d8e-4c1e-9a53-0f6a4d1a8f10`");
    expect(message.payload.allowedMentions.parse).toEqual([]);
    expect(message.payload.allowedMentions.users).toEqual([]);
  });

  test("a refusal has no job, says why, and a DM says so", () => {
    const text = textOf(
      renderAuditEntry({ ...entry, kind: "refused", guildId: null, jobId: null, detail: "banned-words" }),
    );
    expect(text).toContain("Image refused");
    expect(text).toContain("Where: DM");
    expect(text).toContain("Detail: banned-words");
    expect(text).not.toContain("Job:");
  });

  test("a very long prompt and detail stay within Discord's embed limits", () => {
    const [embed] = renderAuditEntry({ ...entry, prompt: "x".repeat(6000), detail: "y".repeat(5000) }).payload
      .embeds;
    expect(embed?.description?.length).toBeLessThanOrEqual(4096);
    for (const field of embed?.fields ?? []) expect(field.value.length).toBeLessThanOrEqual(1024);
  });
});

describe("AuditLog", () => {
  test("posts each entry to the configured channel", async () => {
    const { log, posted } = auditLog(AUDIT_CHANNEL);
    expect(log.enabled).toBe(true);
    await log.record(entry);
    expect(posted.map((p) => p.channelId)).toEqual([AUDIT_CHANNEL]);
  });

  test("without a channel it is disabled and posts nothing", async () => {
    const { log, posted } = auditLog(undefined);
    expect(log.enabled).toBe(false);
    await log.record(entry);
    expect(posted).toEqual([]);
  });

  test("a failed post is logged and never reaches the caller", async () => {
    const { log, logs } = auditLog(AUDIT_CHANNEL, async () => {
      throw new Error("Missing Access");
    });
    await expect(log.record(entry)).resolves.toBeUndefined();
    expect(logs.text()).toContain("posting to the audit channel failed");
  });

  test("posts a finished job's outcome with its id and error, and ignores a job still in flight", async () => {
    const { log, posted } = auditLog(AUDIT_CHANNEL);
    await log.jobEnded(jobNumber(1));
    expect(posted).toEqual([]);
    await log.jobEnded(jobNumber(2, { outcome: "failed", error: "Midjourney message: Banned prompt" }));
    const text = textOf(posted[0]!.message);
    expect(text).toContain("Image failed");
    expect(text).toContain("Job: `job-0002`");
    expect(text).toContain("Detail: Midjourney message: Banned prompt");
    expect(text).toContain("prompt number 2");
  });
});

describe("AuditLog.settingsChanged", () => {
  const change = {
    guildId: "200000000000000001",
    changedBy: "100000000000000009",
    command: "/imagine-config limits set",
    changes: [{ label: "Jobs at once per member", before: null, after: "1" }],
  };

  test("posts who changed what with which command, old → new", async () => {
    const { log, posted } = auditLog(AUDIT_CHANNEL);
    await log.settingsChanged(change);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.channelId).toBe(AUDIT_CHANNEL);
    const text = textOf(posted[0]!.message);
    expect(text).toContain("**Jobs at once per member**: not set → 1");
    expect(text).toContain("Changed by: <@100000000000000009>");
    expect(text).toContain("Command: `/imagine-config limits set`");
    expect(posted[0]?.message.payload.allowedMentions.users).toEqual([]);
  });

  test("posts nothing when nothing changed", async () => {
    const { log, posted } = auditLog(AUDIT_CHANNEL);
    await log.settingsChanged({ ...change, changes: [] });
    expect(posted).toEqual([]);
  });
});
