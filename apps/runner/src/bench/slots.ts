/** A counting semaphore for --max-concurrency, with an O(1) FIFO of waiters (100k may queue at rate 'inf'). */
export class Slots {
  private free: number;
  private waiting: (() => void)[] = [];
  private head = 0;
  constructor(size: number) {
    this.free = size;
  }
  /** One more slot (a concurrency ramp opening the next one). */
  grow(): void {
    this.release();
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as () => void;
      this.waiting[this.head++] = noop;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
      next();
    } else this.free++;
  }
}

const noop = () => {};
