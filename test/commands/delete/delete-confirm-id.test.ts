import { expect, test } from "vitest";
import { deleteAnswerCodec, deleteAnswerId } from "../../../commands/delete/delete-confirm-id.js";

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
  expect(deleteAnswerCodec.decode("delok:y:1:job:2:extra")).toBeNull();
  expect(deleteAnswerCodec.decode("delok:maybe:1:job:2")).toBeNull();
});
