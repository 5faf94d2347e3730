// A binary min-heap on a number: what the doctor waits for, by the log time it waits until.

export class MinHeap<T> {
  private items: { at: number; value: T }[] = [];

  push(at: number, value: T): void {
    const h = this.items;
    h.push({ at, value });
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (h[p].at <= h[i].at) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  /** Removes and returns every value whose time is below `t` (`<=` when `inclusive`). */
  popUntil(t: number, inclusive: boolean): T[] {
    const out: T[] = [];
    while (this.items.length && (inclusive ? this.items[0].at <= t : this.items[0].at < t)) out.push(this.pop());
    return out;
  }

  private pop(): T {
    const h = this.items;
    const top = h[0];
    const end = h.pop()!;
    if (h.length) {
      h[0] = end;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && h[l].at < h[m].at) m = l;
        if (r < h.length && h[r].at < h[m].at) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top.value;
  }
}
