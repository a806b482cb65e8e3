/**
 * What one step of the job database's schema is, for both databases: a statement both read is written once;
 * where SQLite and Postgres spell it differently each has its own text, and a statement one database does
 * without names only the other.
 */

/** One database's migration. `version` is its position in the list, starting at 1. */
export interface Migration {
  version: number;
  description: string;
  statements: readonly string[];
}

/** The same text for both databases, or each its own (absent: that database has no such statement). */
export type PerDialect = string | { readonly sqlite?: string; readonly postgres?: string };

/** One migration, for both databases. */
export interface SchemaStep {
  description: PerDialect;
  statements: readonly PerDialect[];
}
