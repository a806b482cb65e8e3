/**
 * What a store shared by a fleet of bot processes offers beyond the jobs (Postgres does; a store only one
 * process uses needs none of it): usage counted across processes, and webhook hints passed to the process
 * that follows the job.
 */

/** A user's and a server's use as the whole fleet sees it. */
export interface FleetUsage {
  /** The user's jobs in flight plus places held for their submissions not created yet. */
  userActive: number;
  /** The same for the server (0 in DMs). */
  guildActive: number;
  /** The user's last submission or admitted place (ms epoch), undefined if none. */
  lastSubmissionAt: number | undefined;
  /** Images the user started on the reservation's day in its server (DMs: in DMs), held places included. */
  dailyImages: number;
}

/** A place held for an admitted submission until its job exists. */
export interface SubmissionReservation {
  /** The `ref` the job will be created with. */
  ref: string;
  userId: string;
  guildId: string | null;
  /** When it was admitted (ms epoch); it counts as the user's last submission. */
  at: number;
  /** The UTC day (`YYYY-MM-DD`) whose image count the place adds to. */
  day: string;
  /** The process holding it. */
  owner: string;
  /** A place its process never settled (it died) stops counting then. */
  expiresAt: number;
}

/** Counts the fleet's use and holds places, race-free across processes. */
export interface SubmissionLedger {
  /**
   * Under a lock on the user and the server: counts their use and, when `accept` says so, holds a place
   * and adds it to the user's images of the day.
   * @returns the use counted (before the place) and whether the place is held.
   */
  reserve(
    reservation: SubmissionReservation,
    accept: (usage: FleetUsage) => boolean,
  ): Promise<{ usage: FleetUsage; reserved: boolean }>;
  /**
   * Frees the place of `ref`: its job was created (`submitted`), or not, and then its image no longer counts
   * for the day.
   */
  settle(ref: string, submitted: boolean): Promise<void>;
}

/** Webhook hints passed to the process that follows the job. */
export interface JobHints {
  /**
   * Records a webhook about `imageId` and tells the job's owner; matched by image id alone.
   * @returns whether an unfinished job with that id exists.
   */
  send(imageId: string): Promise<boolean>;
  /** Calls `onHint` with the image id of every hint sent to `owner` from now on. */
  listen(owner: string, onHint: (imageId: string) => void): Promise<void>;
  /** Stops listening. */
  stop(): Promise<void>;
}

/**
 * The fleet-wide cap on requests in flight to the image service (SERVICE_FLEET_MAX_CONCURRENCY): a task
 * runs once this process holds a free slot of the fleet's, and waits (never fails) while none is free.
 */
export interface ServiceSlots {
  /** Runs `task` in one of the fleet's slots; the slot is free again when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Slots of the fleet this process holds now. */
  readonly held: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
  /** Gives every slot back to the fleet; tasks still waiting fail. */
  stop(): Promise<void>;
}

/** A slot of an image server held for one create, counted by the whole fleet. */
export interface ServerSlotHold {
  /** The request's `ref`: the hold stops counting once a job with this ref and a real image id is saved. */
  ref: string;
  /** The server's name (as recorded with jobs). */
  server: string;
  /** The server's slots (IMAGINE_API_SLOTS[_N]). */
  slots: number;
  /** Server 1's name: jobs recorded without a server are its. */
  firstServer: string;
  /** The process taking it. */
  owner: string;
  /** A hold its process never settled (it died mid-create) stops counting then (ms epoch). */
  expiresAt: number;
  /**
   * Whether the create waits its turn in the fleet's line (a new grid asking for no speed; an Enhance goes
   * to its grid's server, a speed to a server that runs it: they neither wait for nor hold back others):
   * refused while the fleet's next waiting grid is another live process's.
   */
  inTurn: boolean;
}

/** A job waiting in the fleet's one line: a stand-in (`q-<ref>`) saved by a live process. */
export interface FleetWaiting {
  /** The stand-in image id. */
  id: string;
  ref: string;
  /** Who asked: members take turns. */
  member: string;
  /** When it was queued (ms epoch). */
  queuedAt: number;
  /** The process following it. */
  owner: string;
  /** Whether it waits its turn and holds back the jobs behind it (see {@link ServerSlotHold.inTurn}). */
  inTurn: boolean;
}

/**
 * Each image server's slots counted across the fleet: a slot is in use while a job recorded on that server
 * is unfinished, or while a create for it is under way (a hold).
 */
export interface ServerSlotLedger {
  /**
   * The fleet's waiting jobs (those of live processes) in the one fair order (`LineOrder`, with each
   * member's latest start across the fleet), the next to start first: the line whose places members see.
   */
  waitingLine(): Promise<readonly FleetWaiting[]>;
  /**
   * Under a lock on the server: holds a slot for a create when its unfinished jobs and holds fill fewer
   * than `slots` and (`inTurn`) no other process's waiting job is next in the fleet's line. Two processes
   * taking the last slot at once: one gets `true`.
   */
  take(hold: ServerSlotHold): Promise<boolean>;
  /** Frees the hold of `ref` (its create failed: no job will count in its place). */
  release(ref: string): Promise<void>;
}

/** The fleet's shared channels of a store (`JobStore.fleet`). */
export interface FleetChannels {
  ledger: SubmissionLedger;
  hints: JobHints;
  /** Each image server's slots, counted across the fleet. */
  serverSlots: ServerSlotLedger;
  /**
   * The fleet's `total` slots for requests to the image service, of which this process holds at most
   * `localMax`; stopped when the store closes.
   */
  serviceSlots(limits: { total: number; localMax: number }): ServiceSlots;
}
