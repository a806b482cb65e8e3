/**
 * One copy of each recurring short string read from the database. Every row read gives new strings, so
 * ten thousand jobs of one server would hold ten thousand copies of its id, its channel's and the bot's,
 * each a heap object the garbage collector visits again and again.
 */

/** Most distinct values kept; past it the pool starts over (a value read later is shared again). */
const MAX_SHARED = 4096;

const pool = new Map<string, string>();

/** `value`, or the equal string read earlier. */
export function sharedString<S extends string>(value: S): S;
export function sharedString<S extends string>(value: S | null): S | null;
export function sharedString<S extends string>(value: S | null): S | null {
  if (value === null) return null;
  const known = pool.get(value);
  if (known !== undefined) return known as S;
  if (pool.size >= MAX_SHARED) pool.clear();
  pool.set(value, value);
  return value;
}
