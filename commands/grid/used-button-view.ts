/**
 * A button whose action was done turns primary (blue), as Midjourney's used U buttons do, so everyone sees
 * which images of a grid were already posted.
 * @see https://discord.com/developers/docs/components/reference#button-button-styles
 */
import type { Translator } from "../../src/i18n/translate.js";
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";

/** `rows` with the button `customId` styled primary; other buttons, and link buttons, are left as they are. */
export function withButtonUsed(
  rows: readonly APIActionRowComponent<APIButtonComponent>[],
  customId: string,
): APIActionRowComponent<APIButtonComponent>[] {
  return rows.map((row) => ({
    ...row,
    components: row.components.map((button) =>
      button.type === ComponentType.Button && "custom_id" in button && button.custom_id === customId
        ? { ...button, style: ButtonStyle.Primary }
        : button,
    ),
  }));
}

/**
 * The answer, to the clicker only, to a click on a button whose work (an Enhance) is still under way: its
 * result will be posted in the channel, replying to the image.
 */
export function renderUnderWay(t: Translator, name: string): string {
  return t("used.underWay", { name });
}
