// @ts-check
// The Bot log drawer: the bot's warnings and errors as the demo's terminal prints them, newest first, and
// where its whole log is (the bot's error messages say "the owner will find the details in the log").
import { h } from "./dom.js";
import { $, state } from "./shared.js";

/** Fills the Bot log drawer (when open) from the demo's `/_demo/bot-log`. */
export async function refreshBotLog() {
  if (!state.showBotLog) return;
  const response = await fetch("/_demo/bot-log");
  if (!response.ok) return;
  const { file, problems } = await response.json();
  $("botlog-file").textContent = file ? `(whole log: ${file})` : "";
  $("botlog").replaceChildren(
    ...(problems.length
      ? problems
          .slice()
          .reverse()
          .map((p) =>
            h(
              "li",
              { class: `botlog-${p.level}` },
              h("time", {}, new Date(p.time).toLocaleTimeString([], { hour12: false })),
              ` ${p.level}: ${p.text}`,
            ),
          )
      : [h("li", {}, "No warnings or errors so far.")]),
  );
}
