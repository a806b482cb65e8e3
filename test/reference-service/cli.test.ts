import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { request } from "undici";
import { describe, expect, test } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = "tools/reference-service/cli.ts";

/** `npm run service -- ...args` without npm: node with the tsx loader, in the project root. */
function startCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end. */
function runCli(args: string[]): Promise<Finished> {
  const child = startCli(args);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves with stdout once it contains `pattern`; rejects if the process ends first. */
function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  let stdout = "";
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    child.stdout!.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (pattern.test(stdout)) resolve(stdout);
    });
    child.on("close", (code) => reject(new Error(`the CLI ended (${code}) before printing: ${stderr}`)));
  });
}

describe.concurrent("npm run service", () => {
  test("prints IMAGINE_API_URL and IMAGINE_API_TOKEN of a working service, and stops on SIGTERM", async () => {
    const child = startCli(["--port", "0", "--tick-ms", "50", "--steps", "2"]);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const out = await waitForOutput(child, /IMAGINE_API_TOKEN=\S+\n/);
      const url = /^IMAGINE_API_URL=(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
      const token = /^IMAGINE_API_TOKEN=(\S+)$/m.exec(out)?.[1];
      expect(url).toBeDefined();
      expect(token).toBeDefined();

      const res = await request(`${url!}/items/status`, { headers: { authorization: `Bearer ${token!}` } });

      expect(res.statusCode).toBe(200);
      await expect(res.body.json()).resolves.toMatchObject({ data: { bot_status: "healthy" } });
    } finally {
      child.kill("SIGTERM");
    }
    await expect(exited).resolves.toBe(0);
  });

  test("--profile self-hosted serves a self-hosted server: healthy status row, a create with ref is a 500", async () => {
    const child = startCli(["--port", "0", "--profile", "self-hosted"]);
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const out = await waitForOutput(child, /IMAGINE_API_TOKEN=\S+\n/);
      const url = /^IMAGINE_API_URL=(\S+)$/m.exec(out)![1]!;
      const headers = { authorization: `Bearer ${/^IMAGINE_API_TOKEN=(\S+)$/m.exec(out)![1]!}` };

      const status = await request(`${url}/items/status`, { headers });
      const create = await request(`${url}/items/images`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ prompt: "a fox", ref: "r" }),
      });

      expect(out).toContain("(self-hosted)");
      await expect(status.body.json()).resolves.toMatchObject({ data: { bot_status: "healthy", id: 1 } });
      expect(create.statusCode).toBe(500);
      await create.body.dump();
    } finally {
      child.kill("SIGTERM");
    }
    await expect(exited).resolves.toBe(0);
  });

  test("--help prints the options and exits 0", async () => {
    const { code, stdout } = await runCli(["--help"]);

    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run service/);
    for (const flag of [
      "--profile",
      "--health",
      "--port",
      "--token",
      "--tick-ms",
      "--steps",
      "--concurrency",
      "--webhook",
    ]) {
      expect(stdout).toContain(flag);
    }
  });

  test.each([
    { args: ["--steps", "zero"], message: /--steps must be a whole number of at least 1 \(got "zero"\)/ },
    { args: ["--port", "70000"], message: /--port must be a whole number from 0 to 65535/ },
    { args: ["--fail-pattern", "("], message: /--fail-pattern is not a valid regular expression/ },
    { args: ["--webhook", "ftp://x"], message: /--webhook must be an http:\/\/ or https:\/\/ URL/ },
    { args: ["--colour", "blue"], message: /Unknown option '--colour'/ },
    {
      args: ["--profile", "cloud"],
      message: /--profile must be one of "hosted", "self-hosted" \(got "cloud"\)/,
    },
    { args: ["--health", "fine"], message: /--health must be one of .*"not started" \(got "fine"\)/ },
    { args: ["--health", "not started"], message: /--health "not started" .* add --profile self-hosted/ },
  ])("$args is refused with a clear message and exit code 1", async ({ args, message }) => {
    const { code, stdout, stderr } = await runCli(args);

    expect(code).toBe(1);
    expect(stderr).toMatch(/^The reference service could not start: /);
    expect(stderr).toMatch(message);
    expect(stdout).not.toContain("IMAGINE_API_URL");
  });
});
