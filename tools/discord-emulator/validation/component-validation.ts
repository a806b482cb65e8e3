/**
 * Validates message components (action rows, buttons, select menus; Components V2 layouts loosely).
 * @see https://discord.com/developers/docs/components/reference
 */
import { ButtonStyle, ComponentType, type APIMessageTopLevelComponent } from "discord-api-types/v10";
import type { FormErrors } from "../rest/api-error.js";
import { charCount } from "./embed-validation.js";
import { isRecord } from "./json-values.js";

/** Discord's component limits. */
export const COMPONENT_LIMITS = {
  actionRows: 5,
  buttonsPerRow: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectPlaceholder: 150,
  /** `max_values` (and so `min_values`) of a select menu. */
  selectValues: 25,
  /** An option's label, value and description. */
  selectOptionText: 100,
  /** Components V2: every component in the message counts, nested ones too. */
  v2Total: 40,
  v2TextTotal: 4000,
} as const;

type Path = (string | number)[];

/** The select menu component types. */
export const SELECT_TYPES = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);
const V2_TOP_LEVEL = new Set<number>([
  ComponentType.ActionRow,
  ComponentType.Section,
  ComponentType.TextDisplay,
  ComponentType.MediaGallery,
  ComponentType.File,
  ComponentType.Separator,
  ComponentType.Container,
]);

interface ComponentCheck {
  errors: FormErrors;
  customIds: Set<string>;
  count: number;
  textLength: number;
}

function checkCustomId(check: ComponentCheck, path: Path, value: unknown): void {
  if (typeof value !== "string" || value.length === 0) {
    check.errors.required([...path, "custom_id"]);
    return;
  }
  if (charCount(value) > COMPONENT_LIMITS.customId)
    check.errors.maxLength([...path, "custom_id"], COMPONENT_LIMITS.customId);
  if (check.customIds.has(value)) {
    check.errors.add(
      [...path, "custom_id"],
      "COMPONENT_CUSTOM_ID_DUPLICATED",
      "Component custom id cannot be duplicated",
    );
  }
  check.customIds.add(value);
}

function checkButton(check: ComponentCheck, path: Path, button: Record<string, unknown>): void {
  const style = button.style;
  if (typeof style !== "number" || !Object.values(ButtonStyle).includes(style)) {
    check.errors.add([...path, "style"], "BASE_TYPE_CHOICES", `Value must be one of {1, 2, 3, 4, 5, 6}.`);
    return;
  }
  if (
    button.label !== undefined &&
    (typeof button.label !== "string" || charCount(button.label) > COMPONENT_LIMITS.buttonLabel)
  ) {
    check.errors.maxLength([...path, "label"], COMPONENT_LIMITS.buttonLabel);
  }
  if (style === ButtonStyle.Premium) {
    if (typeof button.sku_id !== "string") check.errors.required([...path, "sku_id"]);
    if (button.custom_id !== undefined || button.url !== undefined || button.label !== undefined) {
      check.errors.add(
        path,
        "BUTTON_COMPONENT_INVALID_PREMIUM",
        "A premium button cannot have a custom_id, url or label",
      );
    }
    return;
  }
  if (button.label === undefined && button.emoji === undefined) {
    check.errors.add(path, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A button needs a label or an emoji");
  }
  if (style === ButtonStyle.Link) {
    if (button.custom_id !== undefined) {
      check.errors.add(
        [...path, "custom_id"],
        "BUTTON_COMPONENT_CUSTOM_ID_WITH_URL",
        "A link button cannot have a custom_id",
      );
    }
    if (typeof button.url !== "string") check.errors.required([...path, "url"]);
    else if (!/^(https?|discord):\/\/\S+$/i.test(button.url)) {
      check.errors.add([...path, "url"], "URL_TYPE_INVALID_URL", "Not a well formed URL.");
    }
    return;
  }
  if (button.url !== undefined) {
    check.errors.add(
      [...path, "url"],
      "BUTTON_COMPONENT_URL_WITH_CUSTOM_ID",
      "Only link buttons can have a url",
    );
  }
  checkCustomId(check, path, button.custom_id);
}

function checkSelect(check: ComponentCheck, path: Path, select: Record<string, unknown>): void {
  checkCustomId(check, path, select.custom_id);
  if (
    typeof select.placeholder === "string" &&
    charCount(select.placeholder) > COMPONENT_LIMITS.selectPlaceholder
  ) {
    check.errors.maxLength([...path, "placeholder"], COMPONENT_LIMITS.selectPlaceholder);
  }
  checkSelectValueCounts(check, path, select);
  if (select.type === ComponentType.StringSelect) {
    const options = select.options;
    if (!Array.isArray(options) || options.length < 1 || options.length > COMPONENT_LIMITS.selectOptions) {
      check.errors.badLength([...path, "options"], 1, COMPONENT_LIMITS.selectOptions);
    } else options.forEach((o: unknown, i) => checkSelectOption(check, [...path, "options", i], o));
  }
}

/** `min_values` 0-25, `max_values` 1-25 (default 1 each), and no more required than allowed. */
function checkSelectValueCounts(check: ComponentCheck, path: Path, select: Record<string, unknown>): void {
  const max = COMPONENT_LIMITS.selectValues;
  const bounds = { min_values: [0, max], max_values: [1, max] } as const;
  for (const [key, [low, high]] of Object.entries(bounds)) {
    const value = select[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== "number" || !Number.isInteger(value))
      check.errors.add([...path, key], "NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`);
    else if (value < low)
      check.errors.add(
        [...path, key],
        "NUMBER_TYPE_MIN",
        `int value should be greater than or equal to ${low}.`,
      );
    else if (value > high)
      check.errors.add(
        [...path, key],
        "NUMBER_TYPE_MAX",
        `int value should be less than or equal to ${high}.`,
      );
  }
  const minValues = typeof select.min_values === "number" ? select.min_values : 1;
  const maxValues = typeof select.max_values === "number" ? select.max_values : 1;
  if (minValues > maxValues && maxValues <= max)
    check.errors.add(
      [...path, "min_values"],
      "NUMBER_TYPE_MAX",
      `int value should be less than or equal to ${maxValues}.`,
    );
}

/** A string select's option: label and value 1-100 characters, description up to 100. */
function checkSelectOption(check: ComponentCheck, path: Path, option: unknown): void {
  if (!isRecord(option)) {
    check.errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    return;
  }
  const limit = COMPONENT_LIMITS.selectOptionText;
  for (const key of ["label", "value"]) {
    const text = option[key];
    if (typeof text !== "string" || text.length === 0) check.errors.required([...path, key]);
    else if (charCount(text) > limit) check.errors.badLength([...path, key], 1, limit);
  }
  if (typeof option.description === "string" && charCount(option.description) > limit)
    check.errors.maxLength([...path, "description"], limit);
}

function checkActionRow(check: ComponentCheck, path: Path, row: Record<string, unknown>): void {
  const children = row.components;
  if (!Array.isArray(children) || children.length < 1 || children.length > COMPONENT_LIMITS.buttonsPerRow) {
    check.errors.badLength([...path, "components"], 1, COMPONENT_LIMITS.buttonsPerRow);
    return;
  }
  const hasSelect = children.some((c) => isRecord(c) && SELECT_TYPES.has(c.type as number));
  if (hasSelect && children.length > 1) {
    check.errors.add(
      [...path, "components"],
      "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
      "The specified component exceeds the maximum width",
    );
  }
  children.forEach((child: unknown, i) => {
    const childPath = [...path, "components", i];
    check.count++;
    if (!isRecord(child))
      check.errors.add(childPath, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
    else if (child.type === ComponentType.Button) checkButton(check, childPath, child);
    else if (SELECT_TYPES.has(child.type as number)) checkSelect(check, childPath, child);
    else
      check.errors.add(
        [...childPath, "type"],
        "UNION_TYPE_CHOICES",
        'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
      );
  });
}

/** Components V2 layouts: checks nesting, rows and buttons inside, and the overall counts. */
function checkV2Component(check: ComponentCheck, path: Path, component: Record<string, unknown>): void {
  check.count++;
  if (component.type === ComponentType.ActionRow) checkActionRow(check, path, component);
  else if (component.type === ComponentType.TextDisplay) {
    if (typeof component.content !== "string" || component.content.length === 0)
      check.errors.required([...path, "content"]);
    else check.textLength += charCount(component.content);
  } else if (component.type === ComponentType.Section || component.type === ComponentType.Container) {
    const children = component.components;
    if (!Array.isArray(children) || children.length === 0) check.errors.required([...path, "components"]);
    else
      children.forEach((c: unknown, i) =>
        isRecord(c) ? checkV2Component(check, [...path, "components", i], c) : undefined,
      );
    if (isRecord(component.accessory)) {
      check.count++;
      if (component.accessory.type === ComponentType.Button)
        checkButton(check, [...path, "accessory"], component.accessory);
    }
  } else if (component.type === ComponentType.Button) checkButton(check, path, component);
}

/** Validates a `components` value (already known to be present). */
export function validateComponents(
  errors: FormErrors,
  components: unknown,
  componentsV2: boolean,
): APIMessageTopLevelComponent[] {
  if (!Array.isArray(components)) {
    errors.add(["components"], "BASE_TYPE_LIST", "Must be an array.");
    return [];
  }
  const check: ComponentCheck = { errors, customIds: new Set(), count: 0, textLength: 0 };
  if (!componentsV2 && components.length > COMPONENT_LIMITS.actionRows) {
    errors.maxLength(["components"], COMPONENT_LIMITS.actionRows);
    return [];
  }
  components.forEach((component: unknown, i) => {
    const path: Path = ["components", i];
    if (!isRecord(component)) {
      errors.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
      return;
    }
    if (componentsV2) {
      if (!V2_TOP_LEVEL.has(component.type as number)) {
        errors.add(
          [...path, "type"],
          "UNION_TYPE_CHOICES",
          'Value of field "type" must be one of (1, 9, 10, 12, 13, 14, 17).',
        );
      } else checkV2Component(check, path, component);
    } else if (component.type !== ComponentType.ActionRow) {
      errors.add([...path, "type"], "UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).');
    } else {
      check.count++;
      checkActionRow(check, path, component);
    }
  });
  if (componentsV2 && check.count > COMPONENT_LIMITS.v2Total) {
    errors.add(
      ["components"],
      "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
      `Must be ${COMPONENT_LIMITS.v2Total} or fewer components in total.`,
    );
  }
  if (componentsV2 && check.textLength > COMPONENT_LIMITS.v2TextTotal) {
    errors.add(
      ["components"],
      "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED",
      `Text displays must total ${COMPONENT_LIMITS.v2TextTotal} or fewer characters.`,
    );
  }
  return components as APIMessageTopLevelComponent[];
}
