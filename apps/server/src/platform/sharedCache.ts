// Values loaded once per key and kept until a change drops them. A BusCache hears of changes on a bus channel,
// so a change in one process drops the value in every process.
import type { Bus } from './kv.js';

/** the key every process drops all values with */
export const EVERY_KEY = '*';

/** promises of what `load` gives for a key, each loaded once; a failed load is not kept */
export class LoadOnce<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly load: (key: string) => Promise<T>) {}

  get(key: string): Promise<T> {
    let hit = this.entries.get(key);
    if (!hit) {
      hit = this.load(key).catch((err: unknown) => {
        this.entries.delete(key);
        throw err;
      });
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** forgets the value of `key`, or ('*') every value */
  drop(key: string = EVERY_KEY) {
    if (key === EVERY_KEY) this.entries.clear();
    else this.entries.delete(key);
  }
}

/** a LoadOnce whose values `changed` drops here and, through the bus `channel`, in every other process */
export class BusCache<T> extends LoadOnce<T> {
  constructor(
    private readonly bus: Bus,
    private readonly channel: string,
    load: (key: string) => Promise<T>,
  ) {
    super(load);
    bus.subscribe(channel, (key) => this.drop(key));
  }

  /** tell every process that the value of `key`, or ('*') every value, changed */
  async changed(key: string = EVERY_KEY): Promise<void> {
    this.drop(key);
    await this.bus.publish(this.channel, key);
  }
}

/** one value a subclass loads, kept until `changed` drops it here and in every other process */
export abstract class SharedValue<T> {
  private readonly cache: BusCache<T>;

  constructor(bus: Bus, channel: string) {
    this.cache = new BusCache(bus, channel, () => this.load());
  }

  get(): Promise<T> {
    return this.cache.get('value');
  }

  /** tell every process that the value changed */
  changed(): Promise<void> {
    return this.cache.changed();
  }

  protected abstract load(): Promise<T>;
}
