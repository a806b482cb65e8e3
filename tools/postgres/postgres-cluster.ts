/**
 * A real Postgres server started by the tests or the benchmark themselves (no test runner needed here):
 * Debian's binaries (/usr/lib/postgresql/<major>/bin, or initdb and pg_ctl on PATH), a cluster in a temporary
 * directory, password authentication, listening on a free loopback port only. Postgres refuses to run as
 * root, so under root (CI) it runs as the `postgres` user that Debian's package creates. `.ci/run` installs
 * the package when missing.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** The directory holding initdb and pg_ctl, newest Debian major first, then PATH; undefined if none. */
export function findPostgresBinaries(): string | undefined {
  const debian = "/usr/lib/postgresql";
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
        .map((m) => join(debian, m, "bin"))
    : [];
  const path = (process.env["PATH"] ?? "").split(":").filter(Boolean);
  return [...majors, ...path].find(
    (dir) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")),
  );
}

/** A running test server; `stop` shuts it down and removes its files. */
export interface PostgresServer {
  port: number;
  user: string;
  password: string;
  /** The URL of `database` on this server, with the user and password. */
  url(database: string): string;
  /** Creates a new empty database and returns its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function osId(flag: "-u" | "-g", user: string): Promise<number> {
  try {
    return Number((await run("id", [flag, user])).stdout.trim());
  } catch {
    throw new Error(
      `Running as root, the test Postgres server needs the "${user}" OS user (Debian's postgresql package creates it).`,
    );
  }
}

let databases = 0;

/** Starts a fresh server: initdb into a temporary directory, then pg_ctl start (waits until it accepts connections). */
export async function startPostgresServer(bin: string): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "imagine-bot-pg-"));
  const data = join(dir, "data");
  const user = "imagine";
  const password = randomBytes(12).toString("hex");
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? { uid: await osId("-u", "postgres"), gid: await osId("-g", "postgres") } : undefined;
  const pwfile = join(dir, "password");
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) for (const path of [dir, pwfile]) chownSync(path, owner.uid, owner.gid);
  const asServerUser = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], { cwd: dir })
      : run(join(bin, tool), args, { cwd: dir });
  try {
    await asServerUser("initdb", [
      `--pgdata=${data}`,
      `--username=${user}`,
      `--pwfile=${pwfile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    const port = await freePort();
    // Loopback TCP only, no Unix socket; durability is not needed for a throwaway cluster.
    appendFileSync(
      join(data, "postgresql.conf"),
      `\nlisten_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = ''\n` +
        "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n",
    );
    await asServerUser("pg_ctl", [
      "start",
      "--wait",
      "--timeout=60",
      `--pgdata=${data}`,
      `--log=${join(dir, "server.log")}`,
    ]);
    const url = (database: string) =>
      `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    return {
      port,
      user,
      password,
      url,
      async createDatabase() {
        const name = `test_${process.pid}_${++databases}`;
        const admin = new pg.Client({ connectionString: url("postgres") });
        await admin.connect();
        try {
          await admin.query(`CREATE DATABASE ${name}`);
        } finally {
          await admin.end();
        }
        return url(name);
      },
      async stop() {
        await asServerUser("pg_ctl", ["stop", "--wait", "--mode=immediate", `--pgdata=${data}`]).catch(
          () => {},
        );
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
