/**
 * Test file order for vitest: files that start other processes (a bot process, Chromium, Postgres, a CLI)
 * run first, so the longest files do not start last and leave one worker idle at the end of the run.
 * Within each group vitest's own order holds (slowest or failed first when it remembers a previous run,
 * else larger files first).
 */
import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Imports that mean a test file starts processes of its own: the slow files. */
const STARTS_PROCESSES =
  /from "(node:child_process|[./]+support\/(bot-process|postgres-server)\.js|[./]+demo\/(headless-chromium|demo-stack)\.js)"/;

function startsProcesses(file: string): boolean {
  try {
    return STARTS_PROCESSES.test(readFileSync(file, "utf8"));
  } catch {
    return false;
  }
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = sorted.filter((spec) => startsProcesses(spec.moduleId));
    return [...heavy, ...sorted.filter((spec) => !heavy.includes(spec))];
  }
}
