/** Reading a message the way a user sees it: its text, its buttons. */
import type { MessageSnapshot } from "../../tools/discord-emulator/world/message-objects.js";

export interface ButtonView {
  label: string;
  customId: string;
  disabled: boolean;
  /** Discord's button style: 1 primary (blue), 2 secondary (grey), 3 success, 4 danger, 5 link. */
  style: number;
}

/** Every button of the message, row by row; `label` is the emoji for emoji-only buttons. */
export function buttonsOf(message: MessageSnapshot | undefined): ButtonView[] {
  const rows = (message?.components ?? []) as {
    components?: {
      type: number;
      label?: string;
      emoji?: { name?: string };
      custom_id?: string;
      disabled?: boolean;
      style?: number;
    }[];
  }[];
  return rows.flatMap((row) =>
    (row.components ?? [])
      .filter((c) => c.type === 2)
      .map((c) => ({
        label: c.label ?? c.emoji?.name ?? "",
        customId: c.custom_id ?? "",
        disabled: c.disabled ?? false,
        style: c.style ?? 0,
      })),
  );
}

/** All visible text of the message: content, embed titles, descriptions, fields and footers. */
export function textOf(message: MessageSnapshot | undefined): string {
  if (!message) return "";
  const parts = [message.content];
  for (const embed of message.embeds) {
    parts.push(embed.title ?? "", embed.description ?? "", embed.footer?.text ?? "");
    for (const field of embed.fields ?? []) parts.push(field.name, field.value);
  }
  return parts.filter(Boolean).join("\n");
}
