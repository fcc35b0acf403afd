/**
 * A small seeded PRNG (sfc32 seeded through cyrb128). Deterministic across platforms and Node
 * versions, which Math.random is not, so the same seed always gives the same register.
 */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: string) {
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < seed.length; i++) {
      const k = seed.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    this.#a = (h1 ^ h2 ^ h3 ^ h4) >>> 0;
    this.#b = (h2 ^ h1) >>> 0;
    this.#c = (h3 ^ h1) >>> 0;
    this.#d = (h4 ^ h1) >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Standard normal (Box–Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Triangular distribution: most values near `mode`, none outside [min, max]. */
  triangular(min: number, mode: number, max: number): number {
    const u = this.next();
    const f = (mode - min) / (max - min);
    return u < f ? min + Math.sqrt(u * (max - min) * (mode - min)) : max - Math.sqrt((1 - u) * (max - min) * (max - mode));
  }

  /** Log-uniform: spreads over orders of magnitude, as tank sizes do. */
  logUniform(min: number, max: number): number {
    return Math.exp(this.float(Math.log(min), Math.log(max)));
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

/** Picks items by weight in O(log n), for the 357 municipalities drawn from tens of thousands of times. */
export class WeightedPicker<T> {
  readonly #items: T[];
  readonly #cumulative: number[];

  constructor(entries: readonly (readonly [T, number])[]) {
    this.#items = [];
    this.#cumulative = [];
    let total = 0;
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      total += weight;
      this.#items.push(item);
      this.#cumulative.push(total);
    }
    if (this.#items.length === 0) throw new Error('no item has a positive weight');
  }

  pick(random: Random): T {
    const total = this.#cumulative[this.#cumulative.length - 1] as number;
    const target = random.next() * total;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.#items[lo] as T;
  }
}
