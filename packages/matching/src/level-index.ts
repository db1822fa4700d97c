const CHUNK = 32;
const NONE = 0;

/**
 * One side's price levels in key order: a list of sorted chunks of at most 32 (key, level)
 * pairs, i.e. a two-level B-tree. A search over the chunks' largest keys picks a chunk, a
 * short scan inside it picks the position, and a short copy makes room: a few cache lines per
 * operation, where a balanced tree chases a pointer per level of depth. All chunks live in
 * shared typed arrays, so nothing is allocated per level.
 *
 * Keys are stored negated, so the best (smallest) key sits at the very end: the best level is
 * O(1), removing it (the common case while matching) shifts nothing, and new levels near the
 * best shift little. Iteration from the best uses cursors: position p * CHUNK + offset.
 */
export class LevelIndex {
  /** Chunk storage: chunk id c owns [c * CHUNK, (c + 1) * CHUNK). */
  private keys = new Float64Array(16 * CHUNK);
  private levels = new Int32Array(16 * CHUNK);
  private lengths = new Int32Array(16);
  private freeIds: number[] = [];
  private nextId = 0;
  /** Chunk ids in key order, and each one's largest stored key. */
  private order = new Int32Array(16);
  private maxima = new Float64Array(16);
  private chunks = 0;
  /** Cursor where the last `find` found its key or would insert it. */
  private foundAt = 0;

  /** The level with the smallest key, or 0. */
  best(): number {
    const p = this.chunks - 1;
    if (p < 0) return NONE;
    const id = this.order[p] as number;
    return this.levels[id * CHUNK + (this.lengths[id] as number) - 1] as number;
  }

  /** Cursor at the smallest key, or -1 when empty. */
  first(): number {
    const p = this.chunks - 1;
    return p < 0 ? -1 : p * CHUNK + (this.lengths[this.order[p] as number] as number) - 1;
  }

  /** Cursor at the next larger key, or -1. Cursors are valid until the next insert or remove. */
  next(cursor: number): number {
    if ((cursor & (CHUNK - 1)) !== 0) return cursor - 1;
    const p = cursor / CHUNK - 1;
    return p < 0 ? -1 : p * CHUNK + (this.lengths[this.order[p] as number] as number) - 1;
  }

  levelAt(cursor: number): number {
    return this.levels[(this.order[(cursor / CHUNK) | 0] as number) * CHUNK + (cursor & (CHUNK - 1))] as number;
  }

  /**
   * The level stored for `key`, or 0. Remembers where the key is or belongs, for an
   * `insertFound` of the same key straight after.
   */
  find(key: number): number {
    const stored = -key;
    if (this.chunks === 0) {
      this.foundAt = 0;
      return NONE;
    }
    const p = this.chunkFor(stored);
    const base = (this.order[p] as number) * CHUNK;
    const keys = this.keys;
    // Linear scan: one mispredicted branch, where a binary search mispredicts half its steps.
    let i = base;
    const end = base + (this.lengths[this.order[p] as number] as number);
    while (i < end && (keys[i] as number) < stored) i++;
    this.foundAt = p * CHUNK + (i - base);
    return i < end && keys[i] === stored ? (this.levels[i] as number) : NONE;
  }

  /** Adds `level` for the `key` the previous `find` did not find. */
  insertFound(key: number, level: number): void {
    if (this.chunks === 0) this.addChunk(0);
    const at = this.foundAt;
    this.put((at / CHUNK) | 0, at & (CHUNK - 1), -key, level);
  }

  /** Removes `key`, which must be present. */
  remove(key: number): void {
    const stored = -key;
    const p = this.chunkFor(stored);
    const id = this.order[p] as number;
    const base = id * CHUNK;
    const keys = this.keys;
    const levels = this.levels;
    const length = (this.lengths[id] as number) - 1;
    const end = base + length;
    let lo = base;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < stored) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < end; i++) {
      keys[i] = keys[i + 1] as number;
      levels[i] = levels[i + 1] as number;
    }
    this.lengths[id] = length;
    if (length === 0) this.removeChunk(p);
    else if (lo === end) this.maxima[p] = keys[end - 1] as number;
  }

  /** Test hook: all keys, ascending. */
  allKeys(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.chunks; p++) {
      const id = this.order[p] as number;
      const length = this.lengths[id] as number;
      if (length === 0 || this.keys[id * CHUNK + length - 1] !== this.maxima[p]) throw new Error('level index chunk maximum wrong');
      for (let i = 0; i < length; i++) out.push(-(this.keys[id * CHUNK + i] as number));
    }
    return out.reverse();
  }

  /** Position of the first chunk whose largest key is ≥ key, else of the last chunk. */
  private chunkFor(key: number): number {
    const maxima = this.maxima;
    // Branch-free halving: the select compiles to a conditional move.
    let lo = 0;
    let n = this.chunks;
    while (n > 1) {
      const half = n >>> 1;
      lo = (maxima[lo + half - 1] as number) < key ? lo + half : lo;
      n -= half;
    }
    return lo;
  }

  /** Puts key/level at offset i of the chunk at position p. */
  private put(p: number, i: number, key: number, level: number): void {
    const id = this.order[p] as number;
    const base = id * CHUNK;
    const keys = this.keys;
    const levels = this.levels;
    const length = this.lengths[id] as number;
    for (let j = base + length; j > base + i; j--) {
      keys[j] = keys[j - 1] as number;
      levels[j] = levels[j - 1] as number;
    }
    keys[base + i] = key;
    levels[base + i] = level;
    this.lengths[id] = length + 1;
    if (i === length) this.maxima[p] = key;
    if (length + 1 === CHUNK) this.split(p);
  }

  private split(p: number): void {
    this.addChunk(p + 1);
    const from = (this.order[p] as number) * CHUNK;
    const to = (this.order[p + 1] as number) * CHUNK;
    const half = CHUNK >>> 1;
    this.keys.copyWithin(to, from + half, from + CHUNK);
    this.levels.copyWithin(to, from + half, from + CHUNK);
    this.lengths[this.order[p] as number] = half;
    this.lengths[this.order[p + 1] as number] = CHUNK - half;
    this.maxima[p + 1] = this.maxima[p] as number;
    this.maxima[p] = this.keys[from + half - 1] as number;
  }

  /** Inserts an empty chunk at position p. */
  private addChunk(p: number): void {
    let id = this.freeIds.pop();
    if (id === undefined) {
      id = this.nextId++;
      if (id === this.lengths.length) {
        const n = this.lengths.length * 2;
        this.keys = copied(this.keys, new Float64Array(n * CHUNK));
        this.levels = copied(this.levels, new Int32Array(n * CHUNK));
        this.lengths = copied(this.lengths, new Int32Array(n));
      }
    }
    if (this.chunks === this.order.length) {
      this.order = copied(this.order, new Int32Array(this.chunks * 2));
      this.maxima = copied(this.maxima, new Float64Array(this.chunks * 2));
    }
    this.order.copyWithin(p + 1, p, this.chunks);
    this.maxima.copyWithin(p + 1, p, this.chunks);
    this.chunks++;
    this.order[p] = id;
    this.lengths[id] = 0;
  }

  private removeChunk(p: number): void {
    this.freeIds.push(this.order[p] as number);
    this.order.copyWithin(p, p + 1, this.chunks);
    this.maxima.copyWithin(p, p + 1, this.chunks);
    this.chunks--;
  }
}

function copied<T extends Int32Array | Float64Array>(from: T, to: T): T {
  // Same element type on both sides; TypeScript cannot see that through the union.
  to.set(from as never);
  return to;
}
