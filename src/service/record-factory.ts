/**
 * The one place the bot puts an image record together by hand, with every field of the interface (the
 * schema beside it reads records; this writes them): the bot's lost-job view and the records of the unit
 * tests. The reference service writes its own records (tools/reference-service/record.ts): it is a second
 * implementation of the interface, not a copy of the bot's types.
 */
import type { ImageRecord } from "./schema.js";

/**
 * A complete image record: `fields` over the values of a record just created (`pending`, no progress,
 * no images, no error, no ref or parent). The same shape the service sends, and the schema's output.
 */
export function newImageRecord(fields: Pick<ImageRecord, "id"> & Partial<ImageRecord>): ImageRecord {
  return {
    prompt: "",
    results: null,
    user_created: "",
    date_created: "",
    status: "pending",
    progress: null,
    url: null,
    error: null,
    upscaled_urls: null,
    upscaled: [],
    ref: null,
    parent_id: null,
    ...fields,
  };
}
