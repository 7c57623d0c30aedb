// A part of the counter that runs as the settings say and starts again when they say otherwise:
// the PDV API's server (its port and reach), the PDV file exchange (its folder). Each save ends in
// a status event; the part is stopped and started again only when its own slice of the settings
// changed, one change at a time, so a slow start never overlaps the next one.

export interface SettingsFollower<T> {
  /** What runs now, if anything (a start that failed, or settings that want nothing, leave none). */
  current(): T | undefined;
  /** The first start has ended (run or not). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function followSettings<T>(options: {
  events: { subscribe(listener: (event: { type: string }) => void): () => void };
  /** The slice of the settings that decides what runs, as text; undefined: nothing should run. */
  wanted: () => string | undefined;
  /** Starts what the slice asks for; undefined when it could not (the part says why, in its log). */
  start: () => Promise<T | undefined>;
  end: (running: T) => Promise<void>;
}): SettingsFollower<T> {
  let running: T | undefined;
  let applied = options.wanted();
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();
  const restart = () => {
    turn = turn.then(async () => {
      if (running !== undefined) await options.end(running);
      running = undefined;
      if (stopped || options.wanted() === undefined) return;
      running = await options.start();
    });
    return turn;
  };
  const ready = restart();
  const unsubscribe = options.events.subscribe((event) => {
    if (event.type !== 'status') return;
    const now = options.wanted();
    if (now === applied) return;
    applied = now;
    void restart();
  });
  return {
    current: () => running,
    ready,
    async stop() {
      stopped = true;
      unsubscribe();
      await restart();
    },
  };
}
