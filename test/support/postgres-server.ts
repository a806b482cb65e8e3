/**
 * A real Postgres server per test file (see tools/postgres/postgres-cluster.ts, which starts it): skipped without the
 * binaries, except under CI=true.
 */
import { afterAll } from "vitest";
import {
  findPostgresBinaries,
  startPostgresServer,
  type PostgresServer,
} from "../../tools/postgres/postgres-cluster.js";

export {
  findPostgresBinaries,
  freePort,
  startPostgresServer,
  type PostgresServer,
} from "../../tools/postgres/postgres-cluster.js";

/** One server for the calling test file, started on first use and stopped after the file's tests. */
export interface PostgresForTests {
  /** False when no binaries were found outside CI: the Postgres tests are skipped. */
  available: boolean;
  server(): Promise<PostgresServer>;
  /** A new empty database on the file's server. */
  createDatabase(): Promise<string>;
}

/**
 * Call at the top of a test file.
 * @throws {Error} under CI=true when no Postgres binaries are installed (run .ci/run, which installs them).
 */
export function usePostgresServer(): PostgresForTests {
  const bin = findPostgresBinaries();
  if (!bin && process.env["CI"] === "true") {
    throw new Error(
      "No Postgres binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH. " +
        "Install Debian's postgresql package (.ci/run does).",
    );
  }
  let started: Promise<PostgresServer> | undefined;
  const server = () => {
    if (!bin) throw new Error("Postgres is not installed");
    return (started ??= startPostgresServer(bin));
  };
  afterAll(async () => {
    if (started) await (await started).stop();
  });
  return {
    available: bin !== undefined,
    server,
    createDatabase: async () => (await server()).createDatabase(),
  };
}
