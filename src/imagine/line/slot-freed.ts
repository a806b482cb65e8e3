/**
 * The bot's line as those who free a server's slot see it (a job's end, a finished record). The line itself
 * ends jobs through them, so it is built after them and attached here.
 */

/** What is told a slot may be free: the bot's waiting line (`WaitingLine.drain`). */
export interface SlotListener {
  drain(): void;
}

/** Tells the bot's waiting line that a slot may be free, once the line is attached. */
export class SlotFreed {
  private line: SlotListener | undefined;

  /** The line told from now on. */
  attach(line: SlotListener): void {
    this.line = line;
  }

  /** A server's slot may be free: jobs waiting in line may start. */
  drain(): void {
    this.line?.drain();
  }
}
