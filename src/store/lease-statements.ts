/**
 * The SQL of job ownership (leases), the fleet's named leases and its process list, shared by the SQLite and
 * the Postgres store, written once (see {@link SqlDialect}). Each is one conditional statement, so the database's own row locking decides who wins a race:
 * no lease is ever given to two owners.
 */
import type { Job } from "../imagine/job.js";
import type { FleetProcess, FleetRegistry, JobLeases, Lease, NamedLeases } from "../imagine/job-store.js";
import { JOB_COLUMNS, jobToValues, rowToJob } from "./job-rows.js";
import { parameters } from "./job-store-statements.js";
import { forDialect, type Dialect, type SqlDialect, type StatementResult } from "./sql-dialect.js";

/**
 * Upsert of a job with its lease (`$1`..`$n` the job's columns, then owner and expiry), applied only when
 * nobody else holds the job; returns a row when it was saved.
 */
export function saveOwnedSql(dialect: Dialect): string {
  const columns = [...JOB_COLUMNS, "lease_owner", "lease_expires_at"];
  const updates = columns.filter((c) => c !== "image_id").map((c) => `${c} = excluded.${c}`);
  return forDialect(
    `INSERT INTO jobs (${columns.join(", ")}) VALUES (${parameters(columns.length)}) ` +
      `ON CONFLICT (image_id) DO UPDATE SET ${updates.join(", ")} ` +
      "WHERE jobs.lease_owner IS NULL OR jobs.lease_owner = excluded.lease_owner RETURNING image_id",
    dialect,
  );
}

/**
 * Claims (`$1` owner, `$2` expiry, `$3` now, `$4` most) pending jobs nobody holds or whose lease ran out.
 * Postgres skips rows another claim has locked (`FOR UPDATE SKIP LOCKED`), so racing claimers take
 * different jobs instead of waiting; the outer condition is checked again on the locked row.
 */
export function claimSql(dialect: SqlDialect): string {
  const free = "(lease_owner IS NULL OR lease_expires_at <= $3)";
  const { pending } = dialect;
  const pick = `SELECT image_id FROM jobs WHERE ${pending} AND ${free} ORDER BY ${dialect.rowOrder} LIMIT $4${dialect.skipLocked}`;
  return forDialect(
    `UPDATE jobs SET lease_owner = $1, lease_expires_at = $2 ` +
      `WHERE image_id IN (${pick}) AND ${pending} AND ${free} RETURNING *`,
    dialect.name,
  );
}

/** Extends (`$1` owner, `$2` expiry) every lease the owner holds on pending jobs; returns their ids. */
export function renewSql(dialect: SqlDialect): string {
  return forDialect(
    `UPDATE jobs SET lease_expires_at = $2 WHERE lease_owner = $1 AND ${dialect.pending} RETURNING image_id`,
    dialect.name,
  );
}

/** Gives up the leases of `$1` (every lease when `$1` is NULL). */
export const RELEASE_SQL =
  "UPDATE jobs SET lease_owner = NULL, lease_expires_at = NULL " +
  "WHERE lease_owner IS NOT NULL AND (CAST($1 AS TEXT) IS NULL OR lease_owner = $1)";

/** Takes or extends (`$1` name, `$2` owner, `$3` expiry, `$4` now) a named lease; returns a row when held. */
export const NAMED_LEASE_SQL =
  "INSERT INTO fleet_leases (name, owner, expires_at) VALUES ($1, $2, $3) " +
  "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at " +
  "WHERE fleet_leases.owner = excluded.owner OR fleet_leases.expires_at <= $4 RETURNING name";

/** Gives up (`$1` name, `$2` owner) a named lease the owner holds. */
export const RELEASE_NAMED_LEASE_SQL = "DELETE FROM fleet_leases WHERE name = $1 AND owner = $2";

/** Records (`$1` id, `$2` started, `$3` seen, `$4` shards, `$5` jobs) a process's heartbeat. */
export const HEARTBEAT_SQL =
  "INSERT INTO fleet_processes (process_id, started_at, seen_at, shards, jobs) VALUES ($1, $2, $3, $4, $5) " +
  "ON CONFLICT (process_id) DO UPDATE SET seen_at = excluded.seen_at, shards = excluded.shards, jobs = excluded.jobs";

/** Processes seen at or after `$1`. */
export const PROCESSES_SQL =
  "SELECT process_id, started_at, seen_at, shards, jobs FROM fleet_processes WHERE seen_at >= $1 " +
  "ORDER BY started_at, process_id";

/** The two statements that remove process `$1` from the fleet. */
export const LEAVE_FLEET_SQL = [
  "DELETE FROM fleet_processes WHERE process_id = $1",
  "DELETE FROM fleet_leases WHERE owner = $1",
] as const;

/** A heartbeat's parameters. */
export function heartbeatArgs(p: FleetProcess): (string | number)[] {
  return [p.id, p.startedAt, p.seenAt, p.shards.join(","), p.jobs];
}

/** A `fleet_processes` row as a {@link FleetProcess}. */
export function rowToProcess(row: Readonly<Record<string, unknown>>): FleetProcess {
  const shards = String(row["shards"] ?? "");
  return {
    id: String(row["process_id"]),
    startedAt: Number(row["started_at"]),
    seenAt: Number(row["seen_at"]),
    shards: shards === "" ? [] : shards.split(",").map(Number),
    jobs: Number(row["jobs"]),
  };
}

/** Runs one statement (`$n` parameters already in the dialect's syntax) with the store's retries. */
export type StatementRunner = (what: string, sql: string, args: unknown[]) => Promise<StatementResult>;

/** The lease and fleet ports of a job store. */
export type LeaseMethods = JobLeases & NamedLeases & FleetRegistry;

/** The lease and fleet methods of the SQL job store, on the store's own statement runner. */
export class LeaseQueries implements LeaseMethods {
  private readonly saveOwnedSql: string;
  private readonly claimSql: string;
  private readonly renewSql: string;

  private readonly dialect: Dialect;

  constructor(
    dialect: SqlDialect,
    private readonly run: StatementRunner,
    /** Clock for `updated_at` and lease expiry checks. */
    private readonly now: () => number,
  ) {
    this.dialect = dialect.name;
    this.saveOwnedSql = saveOwnedSql(dialect.name);
    this.claimSql = claimSql(dialect);
    this.renewSql = renewSql(dialect);
  }

  async saveOwned(job: Job, lease: Lease): Promise<boolean> {
    const values = [...jobToValues(job, this.now()), lease.owner, lease.expiresAt];
    return (await this.run(`saving job ${job.imageId}`, this.saveOwnedSql, values)).rows.length > 0;
  }

  async claim(lease: Lease, max: number): Promise<Job[]> {
    const args = [lease.owner, lease.expiresAt, this.now(), max];
    const { rows } = await this.run("claiming jobs", this.claimSql, args);
    return rows.map(rowToJob).sort((a, b) => a.startedAt - b.startedAt);
  }

  async renew(lease: Lease): Promise<string[]> {
    const { rows } = await this.run("renewing job leases", this.renewSql, [lease.owner, lease.expiresAt]);
    return rows.map((r) => String(r["image_id"]));
  }

  async release(owner: string | null): Promise<number> {
    return (await this.run("releasing job leases", this.sql(RELEASE_SQL), [owner])).changed;
  }

  async acquireNamedLease(name: string, lease: Lease): Promise<boolean> {
    const args = [name, lease.owner, lease.expiresAt, this.now()];
    return (await this.run(`taking the ${name} lease`, this.sql(NAMED_LEASE_SQL), args)).rows.length > 0;
  }

  async releaseNamedLease(name: string, owner: string): Promise<void> {
    await this.run(`giving up the ${name} lease`, this.sql(RELEASE_NAMED_LEASE_SQL), [name, owner]);
  }

  async heartbeat(process: FleetProcess): Promise<void> {
    await this.run("recording a heartbeat", this.sql(HEARTBEAT_SQL), heartbeatArgs(process));
  }

  async processes(since: number): Promise<FleetProcess[]> {
    return (await this.run("listing the fleet", this.sql(PROCESSES_SQL), [since])).rows.map(rowToProcess);
  }

  async leaveFleet(processId: string): Promise<void> {
    for (const sql of LEAVE_FLEET_SQL) await this.run("leaving the fleet", this.sql(sql), [processId]);
  }

  private sql(text: string): string {
    return forDialect(text, this.dialect);
  }
}

/**
 * The lease and fleet methods of a SQL {@link JobStore}, handed to its {@link LeaseQueries}: the SQL job
 * store extends this.
 */
export abstract class LeasedSqlStore implements LeaseMethods {
  protected abstract readonly leases: LeaseQueries;

  saveOwned(job: Job, lease: Lease): Promise<boolean> {
    return this.leases.saveOwned(job, lease);
  }

  claim(lease: Lease, max: number): Promise<Job[]> {
    return this.leases.claim(lease, max);
  }

  renew(lease: Lease): Promise<string[]> {
    return this.leases.renew(lease);
  }

  release(owner: string | null): Promise<number> {
    return this.leases.release(owner);
  }

  acquireNamedLease(name: string, lease: Lease): Promise<boolean> {
    return this.leases.acquireNamedLease(name, lease);
  }

  releaseNamedLease(name: string, owner: string): Promise<void> {
    return this.leases.releaseNamedLease(name, owner);
  }

  heartbeat(process: FleetProcess): Promise<void> {
    return this.leases.heartbeat(process);
  }

  processes(since: number): Promise<FleetProcess[]> {
    return this.leases.processes(since);
  }

  leaveFleet(processId: string): Promise<void> {
    return this.leases.leaveFleet(processId);
  }
}
