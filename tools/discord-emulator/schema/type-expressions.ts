/**
 * A reader for the TypeScript type expressions of `discord-api-spec`'s `Paths` interface (named types,
 * unions, arrays, tuples, object literals, keywords, literals): the package says which schema each REST
 * operation takes and answers only in its types, so the emulator reads them from there instead of keeping
 * a table of its own.
 */

/** A parsed type expression. */
export type TypeExpression =
  | { kind: "name"; name: string }
  | { kind: "keyword"; name: string }
  | { kind: "literal"; value: string | number | boolean }
  | { kind: "array"; element: TypeExpression }
  | { kind: "tuple"; elements: TypeExpression[] }
  | { kind: "union"; members: TypeExpression[] }
  | {
      kind: "object";
      properties: Map<string, { optional: boolean; type: TypeExpression }>;
      /** The value type of an index signature `[key: string]: T`, else null. */
      index: TypeExpression | null;
    };

const KEYWORDS = new Set(["string", "number", "boolean", "null", "undefined", "unknown", "never", "any"]);
const TOKEN =
  /\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*|\[\]|[{}()[\];:?|,]/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) throw new Error(`unexpected character ${JSON.stringify(text[at])} at ${at}`);
    const token = match[0];
    if (!/^\s/.test(token) && !token.startsWith("/*") && !token.startsWith("//")) tokens.push(token);
  }
  return tokens;
}

class Parser {
  #at = 0;
  constructor(private readonly tokens: string[]) {}

  get done(): boolean {
    return this.#at >= this.tokens.length;
  }

  #peek(): string | undefined {
    return this.tokens[this.#at];
  }

  #take(expected?: string): string {
    const token = this.tokens[this.#at++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw new Error(
        `expected ${expected ?? "a token"}, found ${token ?? "the end"} (token ${this.#at - 1})`,
      );
    return token;
  }

  type(): TypeExpression {
    if (this.#peek() === "|") this.#take();
    const members = [this.#postfix()];
    while (this.#peek() === "|") {
      this.#take();
      members.push(this.#postfix());
    }
    return members.length === 1 ? members[0]! : { kind: "union", members };
  }

  #postfix(): TypeExpression {
    let type = this.#primary();
    while (this.#peek() === "[]") {
      this.#take();
      type = { kind: "array", element: type };
    }
    return type;
  }

  #primary(): TypeExpression {
    const token = this.#take();
    if (token === "(") {
      const inner = this.type();
      this.#take(")");
      return inner;
    }
    if (token === "{") return this.objectBody();
    if (token === "[]") return { kind: "tuple", elements: [] };
    if (token === "[") {
      const elements: TypeExpression[] = [];
      while (this.#peek() !== "]") {
        elements.push(this.type());
        if (this.#peek() === ",") this.#take();
      }
      this.#take("]");
      return { kind: "tuple", elements };
    }
    if (token.startsWith('"')) return { kind: "literal", value: JSON.parse(token) as string };
    if (/^-?\d/.test(token)) return { kind: "literal", value: Number(token) };
    if (token === "true" || token === "false") return { kind: "literal", value: token === "true" };
    if (KEYWORDS.has(token)) return { kind: "keyword", name: token };
    if (/^[A-Za-z_$]/.test(token)) return { kind: "name", name: token };
    throw new Error(`unexpected ${token} (token ${this.#at - 1})`);
  }

  /** The members of an object literal type, after its `{`. */
  objectBody(): TypeExpression {
    const properties = new Map<string, { optional: boolean; type: TypeExpression }>();
    let index: TypeExpression | null = null;
    while (this.#peek() !== "}") {
      const key = this.#take();
      if (key === "[") {
        this.#take();
        this.#take(":");
        this.#take("string");
        this.#take("]");
        this.#take(":");
        index = this.type();
        if (this.#peek() === ";" || this.#peek() === ",") this.#take();
        continue;
      }
      const name = key.startsWith('"') ? (JSON.parse(key) as string) : key;
      const optional = this.#peek() === "?";
      if (optional) this.#take();
      this.#take(":");
      properties.set(name, { optional, type: this.type() });
      if (this.#peek() === ";" || this.#peek() === ",") this.#take();
    }
    this.#take("}");
    return { kind: "object", properties, index };
  }
}

/** Parses one type expression, e.g. `MessageResponse[] | null`. */
export function parseTypeExpression(text: string): TypeExpression {
  const parser = new Parser(tokenize(text));
  const type = parser.type();
  if (!parser.done) throw new Error(`trailing tokens after a type in ${JSON.stringify(text.slice(0, 80))}`);
  return type;
}

/** Parses the body of `export interface NAME { ... }` in `source` as an object type. */
export function parseInterface(source: string, name: string): TypeExpression {
  const start = source.indexOf(`export interface ${name} {`);
  if (start < 0) throw new Error(`interface ${name} not found`);
  const end = source.indexOf("\n}\n", start);
  if (end < 0) throw new Error(`interface ${name} has no end`);
  const body = source.slice(source.indexOf("{", start) + 1, end + 2);
  const parser = new Parser(tokenize(body));
  const type = parser.objectBody();
  if (!parser.done) throw new Error(`trailing tokens after interface ${name}`);
  return type;
}
