/**
 * Components as Discord keeps them: each one gets a numeric `id` (1, 2, ... in document order, skipping
 * the ids the sender chose), and select menus get their default `min_values` and `max_values` of 1.
 * @see https://discord.com/developers/docs/components/reference#anatomy-of-a-component
 */
import type { APIMessageTopLevelComponent } from "discord-api-types/v10";
import { SELECT_TYPES } from "../validation/component-validation.js";
import { isRecord } from "../validation/json-values.js";

/** Every component of a tree, parents before their children (`components`, then `accessory`). */
function inDocumentOrder(components: readonly unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (node: unknown) => {
    if (!isRecord(node)) return;
    out.push(node);
    if (Array.isArray(node.components)) node.components.forEach(visit);
    if (node.accessory !== undefined) visit(node.accessory);
  };
  components.forEach(visit);
  return out;
}

/** A copy of validated components with the ids and defaults Discord fills in. */
export function withDiscordDefaults(
  components: readonly APIMessageTopLevelComponent[],
): APIMessageTopLevelComponent[] {
  const copy = structuredClone(components) as APIMessageTopLevelComponent[];
  const all = inDocumentOrder(copy);
  const taken = new Set(all.map((c) => c.id).filter((id) => typeof id === "number"));
  let next = 1;
  for (const component of all) {
    if (typeof component.id !== "number") {
      while (taken.has(next)) next++;
      component.id = next;
      taken.add(next);
    }
    if (SELECT_TYPES.has(component.type as number)) {
      component.min_values ??= 1;
      component.max_values ??= 1;
    }
  }
  return copy;
}
