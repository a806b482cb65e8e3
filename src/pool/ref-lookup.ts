/**
 * Finding the record a create made, by its `ref`, on the servers that keep `ref` (hosted ImagineAPI; a
 * self-hosted server has no such field). Used for a waiting job whose create was claimed just before the bot
 * restarted (`line/turn.ts`): found, the job follows that record; verifiably absent everywhere, the
 * create is sent; otherwise nobody can tell, and nothing is sent (never two records for one request).
 */
import type { CreatedLookup } from "../imagine/image-servers.js";
import type { ImageRecord } from "../service/schema.js";

/** A server as the lookup asks it. */
export interface RefServer {
  readonly name: string;
  readonly client: { findByRef(ref: string): Promise<ImageRecord[]> };
  /** Whether creates carry `ref` there (`ServiceProfile.sendsRef`). */
  readonly profile: { readonly sendsRef: boolean };
}

/**
 * Looks for the record of `ref` on every one of `servers` (a create may have gone to any). "absent" only when
 * every server keeps `ref` and answered with none; a server that cannot be asked, keeps no `ref` or ignored
 * the filter (its answer has other requests' records) makes it "unknown", unless another holds the record.
 */
export async function findCreatedByRef(servers: readonly RefServer[], ref: string): Promise<CreatedLookup> {
  let known = true;
  for (const server of servers) {
    if (!server.profile.sendsRef) {
      known = false;
      continue;
    }
    const records = await server.client.findByRef(ref).catch(() => null);
    if (records === null || records.some((record) => record.ref !== ref)) {
      known = false;
      continue;
    }
    const record = records[0];
    if (record) return { record, server: server.name };
  }
  return known ? "absent" : "unknown";
}
