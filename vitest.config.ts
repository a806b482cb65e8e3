import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default (cores - 1) runs the files one at a time on a 2-core machine, yet most of a file's
    // time is spent waiting on the servers it started (emulator, service, Chromium, Postgres): two files at
    // once on 2 cores.
    maxWorkers: Math.max(2, availableParallelism()),
    // Errors thrown inside discord.js packet handlers surface as unhandled rejections: fail on them.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
