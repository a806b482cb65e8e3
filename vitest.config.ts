import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Errors thrown inside discord.js packet handlers surface as unhandled rejections: fail on them.
    dangerouslyIgnoreUnhandledErrors: false,
  },
});
