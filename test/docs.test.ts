import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { configSchema } from "../src/config.js";

const root = new URL("../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");
const variables = Object.keys(configSchema.shape);
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
/** The names after `npm run` in a file. */
const npmScriptsShown = (file: string) =>
  [...read(file).matchAll(/npm run ([a-z][a-z:-]*[a-z])/g)].map((m) => m[1]!);

/** The Markdown files whose relative links must resolve: the owner's guide, the benchmarks, the design notes. */
const linkedDocs = [
  "README.md",
  "bench/README.md",
  ...readdirSync(new URL("docs/", root))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Lines outside fenced code blocks, where Markdown reads links and headings. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/**
 * The anchors GitHub gives a file's headings: the heading's text without Markdown, lowercased, anything but
 * letters, digits, spaces, `-` and `_` removed, spaces turned to `-`; a repeated anchor gets `-1`, `-2`, ...
 * @see https://github.com/github/cmark-gfm/issues/89 (the rule as GitHub's renderer applies it)
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*_~]/g, (mark) => (mark === "_" ? "_" : ""));
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every relative link target of a Markdown file (inline links and images), outside code. */
function relativeLinks(markdown: string): string[] {
  const targets: string[] = [];
  for (const line of proseLines(markdown)) {
    const withoutCode = line.replace(/`[^`]*`/g, "");
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      targets.push(target);
    }
  }
  return targets;
}

/** What is wrong with one link from `file`, or null when it points to an existing file and heading. */
function brokenLink(file: string, target: string): string | null {
  const [path = "", anchor] = target.split("#", 2);
  const targetUrl = path === "" ? new URL(file, root) : new URL(decodeURI(path), new URL(file, root));
  if (!existsSync(targetUrl)) return `${file}: ${target}: no such file`;
  if (anchor === undefined) return null;
  if (!statSync(targetUrl).isFile() || !targetUrl.pathname.endsWith(".md")) {
    return `${file}: ${target}: an anchor into something that is not a Markdown file`;
  }
  const anchors = headingAnchors(readFileSync(targetUrl, "utf8"));
  return anchors.has(decodeURIComponent(anchor).toLowerCase()) ? null : `${file}: ${target}: no such heading`;
}

describe("documentation", () => {
  test.each(variables)("%s is documented in .env.example and in the README's configuration table", (name) => {
    expect(read(".env.example")).toMatch(new RegExp(`^${name}=`, "m"));
    expect(read("README.md")).toContain(`| \`${name}\``);
  });

  test("every npm script the README shows exists in package.json", () => {
    expect(npmScriptsShown("README.md").length).toBeGreaterThan(5);
    expect(npmScriptsShown("README.md").filter((name) => !(name in scripts))).toEqual([]);
  });

  test.each(linkedDocs.filter((file) => file !== "README.md"))(
    "every npm script %s shows exists in package.json",
    (file) => {
      expect(npmScriptsShown(file).filter((name) => !(name in scripts))).toEqual([]);
    },
  );

  test.each(linkedDocs)(
    "every relative link in %s points to a file that exists, and to a heading there",
    (file) => {
      const links = relativeLinks(read(file));
      expect(links.length).toBeGreaterThan(0);
      expect(links.map((target) => brokenLink(file, target)).filter((problem) => problem !== null)).toEqual(
        [],
      );
    },
  );

  test.each([
    ["## Several ImagineAPI servers", "several-imagineapi-servers"],
    ["## Deployment: a fleet on Postgres", "deployment-a-fleet-on-postgres"],
    ["### A pool of servers (`--only pool`)", "a-pool-of-servers---only-pool"],
    ["## Which ImagineAPI?", "which-imagineapi"],
    [
      "## Buttons under results: Remix, More like this, Prompt, Delete",
      "buttons-under-results-remix-more-like-this-prompt-delete",
    ],
    ["## Targets: met, missed, why", "targets-met-missed-why"],
    ["## Run_with snake_case", "run_with-snake_case"],
    ["## Ünïcode Überschrift", "ünïcode-überschrift"],
  ])("the heading %s has GitHub's anchor #%s", (heading, anchor) => {
    expect([...headingAnchors(heading)]).toEqual([anchor]);
  });

  test("a repeated heading gets GitHub's numbered anchor, and a link to a missing heading is found", () => {
    expect([...headingAnchors("# Notes\n\n## Notes\n\n```\n# not a heading\n```\n")]).toEqual([
      "notes",
      "notes-1",
    ]);
    expect(brokenLink("README.md", "#no-such-heading-anywhere")).toMatch(/no such heading/);
    expect(brokenLink("README.md", "docs/no-such-file.md")).toMatch(/no such file/);
    expect(brokenLink("README.md", "#quick-start")).toBeNull();
  });
});
