import { describe, expect, test } from "vitest";
import { ServiceProfile, type RefSetting, type UpscaleSetting } from "../../src/service/service-profile.js";
import { captureLogs } from "../support/log-capture.js";
import {
  directusError,
  expectServiceError,
  JSON_HEADERS,
  useMockService,
  wireRecord,
} from "./mock-service.js";

const mock = useMockService();

const NIL_UPSCALE = "/items/images/00000000-0000-0000-0000-000000000000/0/upscale/2x";
const REF_FIELDS = "/items/images?limit=1&fields=id,ref";
const ID_FIELD = "/items/images?limit=1&fields=id";

/** A record of a self-hosted server: its 11 fields, no `ref`, no `parent_id` (service-facts.md). */
function selfHostedRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { ref: _ref, parent_id: _parent, ...eleven } = wireRecord(overrides);
  return eleven;
}

const GENERIC_500 = directusError("INTERNAL_SERVER_ERROR", "An unexpected error occurred.");
const NO_ROUTE = directusError("ROUTE_NOT_FOUND", `Route ${NIL_UPSCALE} doesn't exist.`);
const FORBIDDEN = directusError("FORBIDDEN", "You don't have permission to access this.");

function profile(ref: RefSetting = "auto", upscale: UpscaleSetting = "auto") {
  const logs = captureLogs("info");
  const p = new ServiceProfile({ client: mock().client(), ref, upscale, logger: logs.logger });
  return { profile: p, logs };
}

/** The self-hosted answers to the probes: no `ref` field, no upscale route. */
function selfHostedProbes(): void {
  const api = mock().service;
  api.intercept({ path: REF_FIELDS, method: "GET" }).reply(403, FORBIDDEN, { headers: JSON_HEADERS });
  api.intercept({ path: ID_FIELD, method: "GET" }).reply(200, { data: [] }, { headers: JSON_HEADERS });
  api.intercept({ path: NIL_UPSCALE, method: "POST" }).reply(404, NO_ROUTE, { headers: JSON_HEADERS });
}

/** The hosted answers: the `ref` field reads, the upscale route answers "no such image" for the nil id. */
function hostedProbes(): void {
  const api = mock().service;
  api
    .intercept({ path: REF_FIELDS, method: "GET" })
    .reply(200, { data: [{ id: "x", ref: null }] }, { headers: JSON_HEADERS });
  api.intercept({ path: NIL_UPSCALE, method: "POST" }).reply(403, FORBIDDEN, { headers: JSON_HEADERS });
}

/** The bodies of every create sent, parsed. */
function createBodies(): unknown[] {
  const calls = mock().calls();
  return calls
    .filter((c) => c.method === "POST" && c.path === "/items/images")
    .map((c) => JSON.parse(String(c.body)) as unknown);
}

describe("finding out the kind of server, creating nothing", () => {
  test("a self-hosted server (403 for fields=id,ref but 200 for fields=id; 404 ROUTE_NOT_FOUND for upscale) gets creates without ref and no Enhance", async () => {
    selfHostedProbes();
    mock()
      .service.intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: selfHostedRecord({ prompt: "a fox" }) }, { headers: JSON_HEADERS });
    const { profile: p, logs } = profile();

    await p.probe();
    const created = await p.createImage("a fox", "1234567890123456789");

    expect(p.features.ref.has).toBe(false);
    expect(p.features.upscale.has).toBe(false);
    expect(p.enhanceFactors(["2x", "4x"])).toEqual([]);
    expect(createBodies()).toEqual([{ prompt: "a fox" }]);
    expect(created).toMatchObject({ prompt: "a fox", ref: null, parent_id: null, status: "pending" });
    // The probes never post a create, and their upscale sends no ref.
    const upscaleBody = mock()
      .calls()
      .find((c) => c.path === NIL_UPSCALE)?.body;
    expect(upscaleBody).toBe("{}");
    expect(logs.text().match(/image service features found/g)).toHaveLength(1);
    expect(p.describe()).toMatch(/ref not sent .*no ref field.*upscale route absent/);
  });

  test("the hosted service (fields=id,ref 200; upscale of an unknown image 403) gets ref and keeps Enhance", async () => {
    hostedProbes();
    mock()
      .service.intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: wireRecord({ prompt: "a fox", ref: "42" }) }, { headers: JSON_HEADERS });
    const { profile: p } = profile();

    await p.probe();
    await p.createImage("a fox", "42");

    expect(p.features).toMatchObject({ ref: { has: true }, upscale: { has: true } });
    expect(p.enhanceFactors(["2x"])).toEqual(["2x"]);
    expect(createBodies()).toEqual([{ prompt: "a fox", ref: "42" }]);
  });

  test("a service that does not answer at start stays unknown, and its first answer settles it", async () => {
    const api = mock().service;
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(503, "<html>down</html>");
    api.intercept({ path: NIL_UPSCALE, method: "POST" }).reply(503, "<html>down</html>");
    const { profile: p, logs } = profile();

    await p.probe();
    expect(p.settled).toBe(false);
    expect(p.features.ref.has).toBeNull();
    expect(logs.text()).not.toMatch(/features found/);

    selfHostedProbes();
    await p.probe();
    expect(p.features).toMatchObject({ ref: { has: false }, upscale: { has: false } });
  });

  test("a refused token settles nothing", async () => {
    const refused = directusError("INVALID_CREDENTIALS", "Invalid user credentials.");
    const api = mock().service;
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(401, refused, { headers: JSON_HEADERS });
    api.intercept({ path: NIL_UPSCALE, method: "POST" }).reply(401, refused, { headers: JSON_HEADERS });
    const { profile: p } = profile();

    await p.probe();

    expect(p.features.ref.has).toBeNull();
    expect(p.features.upscale.has).toBeNull();
  });

  test.each([
    ["omit", "off", true],
    ["omit", "auto", true],
    ["send", "off", false],
    ["auto", "off", false],
  ] as const)(
    "IMAGINE_API_REF=%s and IMAGINE_API_UPSCALE=%s: self-hosted (no relax offered) is %s before any probe",
    (ref, upscale, selfHosted) => {
      const { profile: p } = profile(ref, upscale);
      expect(p.selfHosted).toBe(selfHosted);
      expect(p.speeds.includes("relax")).toBe(!selfHosted);
    },
  );

  test.each([
    ["omit", "off", [{ prompt: "a fox" }], []],
    ["send", "on", [{ prompt: "a fox", ref: "7" }], ["2x"]],
  ] as const)(
    "IMAGINE_API_REF=%s and IMAGINE_API_UPSCALE=%s decide without any probe",
    async (ref, upscale, bodies, factors) => {
      mock()
        .service.intercept({ path: "/items/images", method: "POST" })
        .reply(200, { data: selfHostedRecord() }, { headers: JSON_HEADERS });
      const { profile: p } = profile(ref, upscale);

      await p.probe();
      await p.createImage("a fox", "7");

      expect(createBodies()).toEqual(bodies);
      expect(p.enhanceFactors(["2x"])).toEqual(factors);
      expect(mock().calls()).toHaveLength(1);
    },
  );
});

describe("learning from a 500 to a create carrying ref", () => {
  test("proven to have no ref field: ref is never sent again, the owner is told once, and the create is sent again without it", async () => {
    const api = mock().service;
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(500, GENERIC_500, { headers: JSON_HEADERS });
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(403, FORBIDDEN, { headers: JSON_HEADERS });
    api.intercept({ path: ID_FIELD, method: "GET" }).reply(200, { data: [] }, { headers: JSON_HEADERS });
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: selfHostedRecord() }, { headers: JSON_HEADERS })
      .times(2);
    // The owner said "send": the server's refusal still wins.
    const { profile: p, logs } = profile("send", "off");

    await p.createImage("a fox", "1");
    await p.createImage("a cat", "2");

    expect(createBodies()).toEqual([{ prompt: "a fox", ref: "1" }, { prompt: "a fox" }, { prompt: "a cat" }]);
    expect(p.features.ref.has).toBe(false);
    expect(logs.text().match(/refused ref/g)).toHaveLength(1);
  });

  test("not provable (the fields cannot be listed): ref is never sent again, but the create is not repeated", async () => {
    const api = mock().service;
    const noList = directusError("ROUTE_NOT_FOUND", "Route /items/images doesn't exist.");
    // At start: the fields cannot be listed, so ref is sent as documented.
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(404, noList, { headers: JSON_HEADERS });
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(500, GENERIC_500, { headers: JSON_HEADERS });
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(404, noList, { headers: JSON_HEADERS });
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: selfHostedRecord() }, { headers: JSON_HEADERS });
    const { profile: p, logs } = profile("auto", "off");

    const err = await expectServiceError(p.createImage("a fox", "1"));
    await p.createImage("a cat", "2");

    expect(err.status).toBe(500);
    expect(createBodies()).toEqual([{ prompt: "a fox", ref: "1" }, { prompt: "a cat" }]);
    expect(logs.text()).toMatch(/not repeated, as the service may have made the image/);
  });

  test("a server that does have the ref field keeps getting ref after an unrelated 500, and nothing is repeated", async () => {
    hostedProbes();
    const api = mock().service;
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(500, GENERIC_500, { headers: JSON_HEADERS });
    api.intercept({ path: REF_FIELDS, method: "GET" }).reply(200, { data: [] }, { headers: JSON_HEADERS });
    api
      .intercept({ path: "/items/images", method: "POST" })
      .reply(200, { data: wireRecord({ ref: "2" }) }, { headers: JSON_HEADERS });
    const { profile: p } = profile();

    await p.probe();
    await expectServiceError(p.createImage("a fox", "1"));
    await p.createImage("a cat", "2");

    expect(createBodies()).toEqual([
      { prompt: "a fox", ref: "1" },
      { prompt: "a cat", ref: "2" },
    ]);
    expect(p.features.ref.has).toBe(true);
  });
});

describe("upscale", () => {
  test("a 404 from the upscale route turns Enhance off (logged once) and is thrown", async () => {
    const path = "/items/images/4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f/0/upscale/2x";
    const noRoute = directusError("ROUTE_NOT_FOUND", `Route ${path} doesn't exist.`);
    mock()
      .service.intercept({ path, method: "POST" })
      .reply(404, noRoute, { headers: JSON_HEADERS })
      .times(2);
    const { profile: p, logs } = profile("omit", "on");

    for (let i = 0; i < 2; i++) {
      const err = await expectServiceError(p.upscale("4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f", 0, "2x", "9"));
      expect(err.status).toBe(404);
    }

    expect(p.hasUpscale).toBe(false);
    expect(p.enhanceFactors(["2x"])).toEqual([]);
    expect(logs.text().match(/no upscale route/g)).toHaveLength(1);
  });

  test("another 404 to an upscale (a proxy, an image gone) fails that request only: Enhance stays on", async () => {
    const path = "/items/images/4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f/0/upscale/2x";
    mock()
      .service.intercept({ path, method: "POST" })
      .reply(404, directusError("NOT_FOUND", "Not found."), { headers: JSON_HEADERS });
    const { profile: p, logs } = profile("omit", "on");

    const err = await expectServiceError(p.upscale("4f6d5e1c-2b1a-4c3d-9e8f-0a1b2c3d4e5f", 0, "2x", "9"));

    expect(err.status).toBe(404);
    expect(p.hasUpscale).toBe(true);
    expect(p.enhanceFactors(["2x"])).toEqual(["2x"]);
    expect(logs.text()).not.toMatch(/no upscale route/);
  });
});
