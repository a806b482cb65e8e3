import { expect, test } from "vitest";
import {
  deleteAnswerCodec,
  deleteAnswerId,
  oldDeleteAnswerCodec,
} from "../../../commands/delete/delete-confirm-id.js";
import { deleteAnswerButton } from "../../../commands/delete/delete-button.js";
import { components } from "../../../commands/index.js";

const answer = {
  confirmed: true,
  messageId: "12345678901234567890",
  jobId: "2b5c5d2e-5f4b-4f1e-9a55-0c1a2b3c4d5e",
  requesterId: "98765432109876543210",
};

test.each([true, false])(
  "a Delete/Keep id (confirmed: %s) reads back as written, within 100 characters",
  (confirmed) => {
    const id = deleteAnswerCodec.encode({ ...answer, confirmed });
    expect(id.length).toBeLessThanOrEqual(100);
    expect(deleteAnswerCodec.decode(id)).toEqual({ ...answer, confirmed });
  },
);

test("a job id too long for the question's ids gets no question (null), and a forged id reads as nothing", () => {
  expect(deleteAnswerId({ ...answer, jobId: "x".repeat(64) })).toBeNull();
  expect(deleteAnswerCodec.decode("delete-answer:y:1:job:2:extra")).toBeNull();
  expect(deleteAnswerCodec.decode("delete-answer:maybe:1:job:2")).toBeNull();
});

test("the ids say what they are (delete-answer:), and a question asked before the rename (delok:) is still answered by the same handler", () => {
  const id = deleteAnswerCodec.encode(answer);
  expect(id).toMatch(/^delete-answer:y:/);
  const old = id.replace(/^delete-answer:/, "delok:");
  expect(deleteAnswerCodec.decode(old)).toBeNull();
  expect(oldDeleteAnswerCodec.decode(old)).toEqual(answer);
  const handler = components.find((c) => c.prefix === "delok");
  expect(handler?.codec.decode(old)).toEqual(answer);
  expect(handler?.execute).toBe(deleteAnswerButton.execute);
});
