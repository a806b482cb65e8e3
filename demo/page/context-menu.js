// @ts-check
// The menu a right-click on a message opens, as Discord's client shows it: an "Apps" section listing the
// message commands the bot registered where the message is (e.g. "Imagine from this image"). Picking one
// sends the message command interaction; Escape or a click elsewhere closes the menu.
import { h } from "./dom.js";

/** Closes the open menu, if any. */
function closeMenu() {
  document.getElementById("context-menu")?.remove();
}

/** Opens the menu at the pointer of `event` with `names`; `run(name)` when one is picked. */
export function openMessageMenu(event, names, run) {
  closeMenu();
  if (names.length === 0) return;
  event.preventDefault();
  const menu = h(
    "div",
    { id: "context-menu", class: "context-menu", role: "menu" },
    h("div", { class: "context-menu-section" }, "Apps"),
    names.map((name) =>
      h(
        "button",
        {
          class: "context-menu-item",
          role: "menuitem",
          onclick: () => {
            closeMenu();
            run(name);
          },
        },
        name,
      ),
    ),
  );
  menu.style.left = `${event.clientX}px`;
  menu.style.top = `${event.clientY}px`;
  document.body.append(menu);
  const away = (e) => {
    if (e instanceof KeyboardEvent && e.key !== "Escape") return;
    if (e.target instanceof Node && menu.contains(e.target)) return;
    closeMenu();
    document.removeEventListener("pointerdown", away, true);
    document.removeEventListener("keydown", away, true);
  };
  document.addEventListener("pointerdown", away, true);
  document.addEventListener("keydown", away, true);
}
