import { describe, expect, test } from "vitest";
import { FaultInjector } from "../../../tools/discord-emulator/rest/faults.js";

const post = { method: "POST", path: "/channels/1/messages", route: "/channels/:channel/messages" };
const get = { method: "GET", path: "/users/@me", route: "/users/@me" };

describe("FaultInjector", () => {
  test("failNext fails exactly that many matching requests", () => {
    const faults = new FaultInjector(
      () => 0,
      () => 0,
    );
    faults.failNext(2, { status: 502, route: "POST /channels/:channel/messages" });
    expect(faults.failureFor(get)).toBeNull();
    expect(faults.failureFor(post)?.status).toBe(502);
    expect(faults.failureFor(post)?.status).toBe(502);
    expect(faults.failureFor(post)).toBeNull();
  });

  test("failShare fails the share picked by the random source until cleared", () => {
    const draws = [0.1, 0.9, 0.4, 0.0];
    const faults = new FaultInjector(
      () => draws.shift() ?? 0,
      () => 0,
    );
    faults.failShare(0.5, { statuses: [500, 502] });
    expect(faults.failureFor(get)?.status).toBe(500);
    expect(faults.failureFor(get)).toBeNull();
    expect(faults.failureFor(get)?.status).toBe(502);
    faults.clear();
    expect(faults.failureFor(get)).toBeNull();
  });

  test("delays add up for matching requests only", () => {
    const faults = new FaultInjector(Math.random, () => 0);
    faults.delay(100);
    faults.delay(50, { route: /GET \/users/ });
    expect(faults.delayFor(get)).toBe(150);
    expect(faults.delayFor(post)).toBe(100);
  });

  test("disconnectGateway closes with 4000 unless told otherwise", () => {
    const codes: number[] = [];
    const faults = new FaultInjector(Math.random, (code) => codes.push(code));
    faults.disconnectGateway();
    faults.disconnectGateway({ code: 1001 });
    expect(codes).toEqual([4000, 1001]);
  });

  test.each([-0.1, 1.5, Number.NaN])("a share of %d is refused", (share) => {
    expect(() => new FaultInjector(Math.random, () => 0).failShare(share)).toThrow(RangeError);
  });
});
