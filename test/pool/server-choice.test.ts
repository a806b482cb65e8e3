import { expect, test } from "vitest";
import type { ServiceHealthMonitor } from "../../src/admission/service-health.js";
import { ServersClosedError } from "../../src/imagine/image-servers.js";
import type { AccountPort, AccountState } from "../../src/pool/account-health/account-health.js";
import { ImageServer } from "../../src/pool/image-server.js";
import { noServerFor } from "../../src/pool/server-choice.js";
import type { ImagineClient } from "../../src/service/client.js";
import type { ServiceProfile } from "../../src/service/service-profile.js";

const NOW = 1_000_000;
const HELD_BY_MODERATOR: AccountState = {
  kind: "held",
  hold: { server: "s1", kind: "blocked", notice: "blocked", since: NOW - 1, until: null },
};

/** Servers whose accounts are in `states`, by number. */
function serversIn(states: readonly AccountState[]): ImageServer[] {
  const account: AccountPort = {
    state: (name) => states[Number(name.slice(1)) - 1]!,
    takesJobs: (name, now) => account.state(name, now).kind === "open",
    created: () => {},
    noticed: async () => null,
  };
  return states.map(
    (_, i) =>
      new ImageServer({
        number: i + 1,
        name: `s${i + 1}`,
        slots: 3,
        client: {} as ImagineClient,
        profile: { speeds: ["fast"] } as unknown as ServiceProfile,
        health: { last: { botStatus: "healthy" } } as unknown as ServiceHealthMonitor,
        account,
      }),
  );
}

test.each<[string, AccountState[], number | null]>([
  ["held until a moderator resumes it", [HELD_BY_MODERATOR], null],
  ["resting until 07:00", [{ kind: "resting", until: NOW + 60_000 }], NOW + 60_000],
  [
    "one resting, one at its budget: the sooner opening",
    [
      { kind: "resting", until: NOW + 60_000 },
      { kind: "budget", until: NOW + 30_000 },
    ],
    NOW + 30_000,
  ],
  [
    "one held by a moderator, one in its gap",
    [HELD_BY_MODERATOR, { kind: "gap", until: NOW + 5_000 }],
    NOW + 5_000,
  ],
])(
  "every server closed (%s): nothing is sent, and the member is told when one opens again",
  (_, states, at) => {
    const error = noServerFor(serversIn(states), undefined, NOW);
    expect(error).toBeInstanceOf(ServersClosedError);
    expect((error as ServersClosedError).reopensAt).toBe(at);
  },
);

test("a job no server may run (a speed none offers) is a RangeError, not a closed account", () => {
  const servers = serversIn([{ kind: "open" }]);
  const error = noServerFor(servers, { on: "speed", speed: "relax", inTurn: false }, NOW);
  expect(error).toBeInstanceOf(RangeError);
});
