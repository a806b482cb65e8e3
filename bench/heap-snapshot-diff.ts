/**
 * Compares two V8 heap snapshots (`.heapsnapshot`, as DevTools or bench/inspector.ts write them) by
 * constructor: how many live objects of each kind, and their own size, grew or shrank between them. What
 * DevTools' "Comparison" view shows, as text. Also a command:
 * `node --import tsx bench/heap-snapshot-diff.ts before.heapsnapshot after.heapsnapshot [rows]`.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

/** Live objects of one constructor (objects by class name; strings, arrays, closures by their type). */
export interface ConstructorCount {
  name: string;
  count: number;
  selfBytes: number;
}

/** One constructor's change between two snapshots. */
export interface ConstructorDelta {
  name: string;
  before: number;
  after: number;
  countDelta: number;
  selfBytesDelta: number;
}

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Counts by constructor, as DevTools' "Summary" groups them. */
export async function constructorCounts(path: string): Promise<Map<string, ConstructorCount>> {
  const raw = JSON.parse(await readFile(path, "utf8")) as RawSnapshot;
  const fields = raw.snapshot.meta.node_fields;
  const types = raw.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const sizeAt = fields.indexOf("self_size");
  const counts = new Map<string, ConstructorCount>();
  for (let i = 0; i < raw.nodes.length; i += width) {
    const type = types[raw.nodes[i + typeAt]!] ?? "?";
    const name = type === "object" || type === "native" ? raw.strings[raw.nodes[i + nameAt]!]! : `(${type})`;
    const entry = counts.get(name) ?? { name, count: 0, selfBytes: 0 };
    entry.count++;
    entry.selfBytes += raw.nodes[i + sizeAt]!;
    counts.set(name, entry);
  }
  return counts;
}

/** The `rows` constructors whose own size grew most between `before` and `after` (then by count). */
export async function diffSnapshots(before: string, after: string, rows = 15): Promise<ConstructorDelta[]> {
  const [a, b] = [await constructorCounts(before), await constructorCounts(after)];
  const names = new Set([...a.keys(), ...b.keys()]);
  const deltas = [...names].map((name) => {
    const x = a.get(name) ?? { count: 0, selfBytes: 0 };
    const y = b.get(name) ?? { count: 0, selfBytes: 0 };
    return {
      name,
      before: x.count,
      after: y.count,
      countDelta: y.count - x.count,
      selfBytesDelta: y.selfBytes - x.selfBytes,
    };
  });
  return deltas
    .sort((p, q) => q.selfBytesDelta - p.selfBytesDelta || q.countDelta - p.countDelta)
    .slice(0, rows);
}

/** Total own size of every object in a snapshot, bytes. */
export async function snapshotBytes(path: string): Promise<number> {
  let total = 0;
  for (const c of (await constructorCounts(path)).values()) total += c.selfBytes;
  return total;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [before, after, rows] = process.argv.slice(2);
  if (!before || !after) {
    console.error("Usage: node --import tsx bench/heap-snapshot-diff.ts BEFORE AFTER [rows]");
    process.exit(1);
  }
  for (const d of await diffSnapshots(before, after, Number(rows ?? 20)))
    console.log(
      `${d.name.slice(0, 40).padEnd(40)} ${String(d.before).padStart(8)} -> ${String(d.after).padStart(8)} ` +
        `(${d.countDelta >= 0 ? "+" : ""}${d.countDelta}), ${(d.selfBytesDelta / 1024).toFixed(1)} KiB`,
    );
}
