// @ts-check
// Renders Discord message objects (as the emulator's control API returns them) into DOM nodes, the way
// Discord's client shows them: mentions, embeds, attachments, components, "(edited)", ephemeral notes.
import { h } from "./dom.js";
import { channelName, MESSAGE_LINK, messageLinkChip, previewText, roleName } from "./mentions.js";

const AVATAR_COLOURS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#9b59b6"];

function avatar(user) {
  const colour = AVATAR_COLOURS[Number(BigInt(user.id) % 6n)];
  return h(
    "div",
    { class: "avatar", style: `background:${colour}` },
    (user.username[0] ?? "?").toUpperCase(),
  );
}

/** @type {Array<[Intl.RelativeTimeFormatUnit, number]>} */
const UNITS = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

/**
 * A Discord timestamp `<t:seconds:style>` as Discord shows it: `R` relative ("in 8 hours"), `t`/`T` time,
 * `d`/`D` date, `f`/`F` (the default) date and time.
 * @see https://discord.com/developers/docs/reference#message-formatting-timestamp-styles
 */
function discordTime(seconds, style) {
  const date = new Date(seconds * 1000);
  if (style === "R") {
    const diff = seconds - Date.now() / 1000;
    const [unit, size] = UNITS.find(([, size]) => Math.abs(diff) >= size) ?? UNITS.at(-1);
    return new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(Math.round(diff / size), unit);
  }
  if (style === "t") return date.toLocaleTimeString(undefined, { timeStyle: "short" });
  if (style === "T") return date.toLocaleTimeString();
  if (style === "d") return date.toLocaleDateString();
  if (style === "D") return date.toLocaleDateString(undefined, { dateStyle: "long" });
  if (style === "F") return date.toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
  return date.toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" });
}

/**
 * An inline code span's text as words that each stay on one line (`--motion` never breaks after its first
 * dash), with the spaces between them, where the line may wrap, as Discord's client wraps code.
 */
function codeTokens(text) {
  return text
    .split(/(\s+)/)
    .map((part) => (/^\s+$/.test(part) || part === "" ? part : h("span", { class: "token" }, part)));
}

/**
 * Inline markdown: `\`-escapes, mentions, **bold**, *italic*, `code`, links, and ```code blocks```; with
 * `masked`, `[text](url)` links too, which Discord renders in embeds' descriptions and field values and in
 * messages of bots and webhooks.
 * @see https://discord.com/developers/docs/reference#message-formatting
 */
export function inline(text, users, masked = false) {
  const nodes = [];
  const pattern =
    /\\(?<escaped>[^\w\s])|<t:(?<time>\d+)(?::\w)?>|<@!?(?<user>\d+)>|<@&(?<role>\d+)>|\*\*(?<bold>.+?)\*\*|\*(?<italic>.+?)\*|`(?<code>[^`]+)`|\[(?<label>[^[\]\n]+)\]\((?<target>https?:\/\/[^\s()]+)\)|(?<url>https?:\/\/[^\s)>]+)|```(?:[\w-]*\n)?(?<block>[\s\S]*?)\n?```|<#(?<channel>\d+)>/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const g = m.groups ?? {};
    // A masked link where Discord does not render one stays text, its URL still a link.
    if (g.label !== undefined && !masked) continue;
    if (m.index > last) nodes.push(text.slice(last, m.index));
    if (g.escaped) nodes.push(g.escaped);
    else if (g.time) nodes.push(h("time", { class: "timestamp" }, discordTime(Number(g.time), m[0].at(-2))));
    else if (g.user)
      nodes.push(h("span", { class: "mention" }, `@${users.get(g.user)?.username ?? "unknown-user"}`));
    else if (g.role) nodes.push(h("span", { class: "mention" }, `@${roleName(g.role)}`));
    else if (g.bold) nodes.push(h("strong", {}, ...inline(g.bold, users, masked)));
    else if (g.italic) nodes.push(h("em", {}, ...inline(g.italic, users, masked)));
    else if (g.code) nodes.push(h("code", {}, ...codeTokens(g.code)));
    else if (g.label !== undefined)
      nodes.push(
        h(
          "a",
          { href: g.target, title: g.target, target: "_blank", rel: "noreferrer" },
          ...inline(g.label, users),
        ),
      );
    else if (g.url) {
      const link = [...g.url.matchAll(MESSAGE_LINK)][0];
      nodes.push(
        link && link[0] === g.url
          ? messageLinkChip(link[2], link[3], link[1] === "@me")
          : h("a", { href: g.url, target: "_blank", rel: "noreferrer" }, g.url),
      );
    } else if (g.block !== undefined) nodes.push(h("pre", { class: "code-block" }, h("code", {}, g.block)));
    else if (g.channel) nodes.push(h("span", { class: "mention" }, `#${channelName(g.channel)}`));
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/**
 * Text as Discord's client shows it: block quotes (lines starting with `> `, or everything after `>>> `)
 * around {@link inline} markdown (`masked`: with masked links).
 */
export function markdown(text, users, masked = false) {
  /** @type {Array<{ quote: boolean, lines: string[] }>} */
  const blocks = [];
  let rest = false;
  for (const line of text.split("\n")) {
    const opensRest = !rest && /^>>> /.test(line);
    rest ||= opensRest;
    const quoted = rest || /^> /.test(line) || line === ">";
    const shown = opensRest ? line.slice(4) : quoted && !rest ? line.slice(2) : line;
    const open = blocks.at(-1);
    if (open && open.quote === quoted) open.lines.push(shown);
    else blocks.push({ quote: quoted, lines: [shown] });
  }
  // A quote is a box of its own: the line breaks around it are its edges.
  return blocks.flatMap((b) => {
    const body = inline(b.lines.join("\n"), users, masked);
    return b.quote ? [h("blockquote", { class: "quote" }, ...body)] : body;
  });
}

function colourOf(value) {
  return typeof value === "number" ? `#${value.toString(16).padStart(6, "0")}` : "#1e1f22";
}

function embed(e, users) {
  const main = h(
    "div",
    { class: "embed-main" },
    e.author?.name ? h("div", { class: "embed-author" }, e.author.name) : null,
    e.title
      ? h(
          "div",
          { class: "embed-title" },
          e.url ? h("a", { href: e.url, target: "_blank" }, e.title) : e.title,
        )
      : null,
    e.description ? h("div", { class: "embed-description" }, ...markdown(e.description, users, true)) : null,
    e.fields?.length
      ? h(
          "div",
          { class: "embed-fields" },
          e.fields.map((f) =>
            h(
              "div",
              { class: `embed-field${f.inline ? " inline" : ""}` },
              h("div", { class: "embed-field-name" }, f.name),
              h("div", { class: "embed-field-value" }, ...markdown(f.value, users, true)),
            ),
          ),
        )
      : null,
  );
  return h(
    "div",
    { class: "embed", style: `border-left-color:${colourOf(e.color)}` },
    main,
    e.thumbnail?.url ? h("img", { class: "embed-thumbnail", src: e.thumbnail.url, alt: "thumbnail" }) : null,
    e.image?.url ? h("img", { class: "embed-image", src: e.image.url, alt: "image" }) : null,
    e.footer?.text ? h("div", { class: "embed-footer" }, e.footer.text) : null,
  );
}

function attachment(a) {
  if (a.content_type?.startsWith("image/"))
    return h("div", { class: "attachment" }, h("img", { src: a.url, alt: a.filename }));
  return h("div", { class: "attachment" }, h("a", { href: a.url, download: a.filename }, `📎 ${a.filename}`));
}

/** Discord shows a file an embed uses (`attachment://NAME`) only inside the embed. */
function shownInEmbed(file, embeds) {
  return embeds.some((e) => [e.image?.url, e.thumbnail?.url].includes(file.url));
}

function emojiText(emoji) {
  if (!emoji) return "";
  return emoji.id ? `:${emoji.name}: ` : `${emoji.name} `;
}

function component(c, message, actions) {
  if (c.type === 2) {
    const label = `${emojiText(c.emoji)}${c.label ?? ""}`.trim();
    if (c.style === 5)
      return h(
        "a",
        { class: "button style-5", href: c.url, target: "_blank", rel: "noreferrer" },
        `${label} ↗`,
      );
    return h(
      "button",
      {
        class: `button style-${c.style}`,
        disabled: c.disabled === true,
        dataset: { customId: c.custom_id },
        onclick: () => actions.click(message, c.custom_id),
      },
      label,
    );
  }
  if (c.type === 3) {
    const select = h(
      "select",
      {
        disabled: c.disabled === true,
        multiple: (c.max_values ?? 1) > 1,
        dataset: { customId: c.custom_id },
        onchange: (event) =>
          actions.select(
            message,
            c.custom_id,
            [...event.target.selectedOptions].map((o) => o.value),
          ),
      },
      h("option", { value: "", disabled: true, selected: true }, c.placeholder ?? "Make a selection"),
      c.options.map((o) => h("option", { value: o.value }, `${emojiText(o.emoji)}${o.label}`)),
    );
    return select;
  }
  return null;
}

function timeOf(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/**
 * One message. `actions.click(message, customId)` and `actions.select(message, customId, values)` run the
 * components as the selected user.
 */
export function renderMessage(message, users, actions) {
  const author = message.author;
  const meta = message.interaction_metadata;
  const command = message.interaction?.name;
  const thinking = ((message.flags ?? 0) & 128) !== 0;
  const replied = message.referenced_message;
  const edited = message.edited_timestamp
    ? h("span", { class: "edited", title: message.edited_timestamp }, "(edited)")
    : null;
  const header = meta
    ? h(
        "div",
        { class: "reply-line" },
        h("b", {}, `@${users.get(meta.user.id)?.username ?? meta.user.username}`),
        command ? ` used /${command}` : " clicked a button",
      )
    : replied
      ? h(
          "div",
          { class: "reply-line" },
          "↪ replying to ",
          h("b", {}, `@${replied.author.username}`),
          ` ${previewText(replied.content || replied.embeds?.[0]?.title || "", users).slice(0, 60)}`,
        )
      : null;
  const body = h(
    "div",
    { class: "body" },
    header,
    h(
      "div",
      {},
      h("span", { class: "author" }, author.username),
      author.bot ? h("span", { class: "bot-tag" }, "APP") : null,
      h("span", { class: "time" }, timeOf(message.timestamp)),
      // A message without text has no line to end with "(edited)": it goes by the time, not on a line alone.
      edited && !message.content ? edited : null,
    ),
    thinking
      ? h("div", { class: "thinking" }, `${author.username} is thinking`)
      : message.content
        ? h("div", { class: "content" }, ...markdown(message.content, users, author.bot === true), edited)
        : null,
    message.embeds.map((e) => embed(e, users)),
    message.attachments.filter((a) => !shownInEmbed(a, message.embeds)).map(attachment),
    message.components
      .filter((row) => row.type === 1)
      .map((row) =>
        h(
          "div",
          { class: "action-row" },
          row.components.map((c) => component(c, message, actions)),
        ),
      ),
    message.ephemeral ? h("div", { class: "ephemeral-note" }, "Only you can see this") : null,
  );
  return h(
    "article",
    {
      class: `message${message.ephemeral ? " ephemeral" : ""}`,
      dataset: { messageId: message.id, version: String(message.version) },
      // Right-click: the Apps menu of the message (ephemeral messages have none).
      oncontextmenu: message.ephemeral ? undefined : (event) => actions.contextMenu?.(event, message),
    },
    avatar(author),
    body,
  );
}
