import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
} from "discord-api-types/v10";
import { expect, test } from "vitest";
import { withButtonUsed } from "../../../commands/grid/used-button-view.js";

const button = (customId: string): APIButtonComponent => ({
  type: ComponentType.Button,
  style: ButtonStyle.Secondary,
  label: customId,
  custom_id: customId,
});

test("the clicked button turns primary; the others and link buttons stay as they are", () => {
  const link: APIButtonComponent = {
    type: ComponentType.Button,
    style: ButtonStyle.Link,
    url: "https://x.example",
    label: "L",
  };
  const rows: APIActionRowComponent<APIButtonComponent>[] = [
    { type: ComponentType.ActionRow, components: [button("u1"), button("u2"), link] },
  ];
  const used = withButtonUsed(rows, "u2");
  expect(used[0]!.components.map((b) => b.style)).toEqual([
    ButtonStyle.Secondary,
    ButtonStyle.Primary,
    ButtonStyle.Link,
  ]);
  expect(rows[0]!.components[1]!.style).toBe(ButtonStyle.Secondary);
});
