import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import HeavyFirstSequencer from "./test/support/heavy-first-sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Transpiles the bot once for the tests that start it as a process.
    globalSetup: ["test/support/bot-build.ts"],
    // Fails a test whose requests or answers break Discord's API description (tools/discord-emulator/schema/).
    setupFiles: ["test/support/schema-violation-hook.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default (cores - 1) runs the files one at a time on a 2-core machine, yet most of a file's
    // time is spent waiting on the servers it started (emulator, service, Chromium, Postgres): two files at
    // once on 2 cores.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker runs file after file with the modules it has loaded (discord.js, the emulator, the reference
    // service): loading them afresh for each file took more CPU than most files' tests. Every test file
    // starts its own servers and stops them in its hooks, so nothing a file relies on is left by another.
    isolate: false,
    // The files that start processes (bot, Chromium, Postgres, CLIs) first, so no long file starts last.
    sequence: { sequencer: HeavyFirstSequencer },
    // Errors thrown inside discord.js packet handlers surface as unhandled rejections: fail on them.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
