/**
 * What `/imagine-config styles` changes in a server's styles, as data, and how. Pure, applied inside
 * `SettingsStore.updateGuild` like every other server edit; a change that cannot be made (a full list, a
 * name the server does not keep) is a {@link UserError} saying so, and nothing is written.
 */
import { UserError } from "../errors.js";
import { findStyle, MAX_STYLES, tidyStyleName, withoutStyle, withStyle, type Style } from "./styles.js";

/** Adds a style, or changes the text of the one of that name; removes one. */
export type StyleEdit =
  | { readonly kind: "set-style"; readonly name: string; readonly text: string }
  | { readonly kind: "remove-style"; readonly name: string };

/** The styles after `edit`. @throws {UserError} for a full list or an unknown name. */
export function applyStyleEdit(styles: readonly Style[], edit: StyleEdit): Style[] {
  if (edit.kind === "set-style") {
    if (tidyStyleName(edit.name) === "" || edit.text.trim() === "")
      throw new UserError((t) => t("styles.empty"));
    const next = withStyle(styles, { name: tidyStyleName(edit.name), text: edit.text.trim() });
    if (next === null) throw new UserError((t) => t("styles.full", { count: MAX_STYLES }));
    return next;
  }
  if (!findStyle(styles, edit.name)) {
    const name = tidyStyleName(edit.name);
    throw new UserError((t) => t("styles.unknownToRemove", { name }));
  }
  return withoutStyle(styles, edit.name);
}
