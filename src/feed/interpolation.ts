/**
 * Smooth motion between 10 Hz position frames: each frame becomes the new target, and every
 * animation frame writes positions lerped from where the agents were drawn when the frame arrived
 * towards that target, over one measured frame interval. Allocation-free per animation frame.
 */
export class PositionInterpolator {
  private fromX = new Float32Array(0)
  private fromY = new Float32Array(0)
  private toX = new Float32Array(0)
  private toY = new Float32Array(0)
  private count = 0
  private frameAt = 0
  /** smoothed time between frames, ms */
  interval = 100

  /** Starts over from a full state (type 0): no motion until the next frame. */
  reset(x: ArrayLike<number>, y: ArrayLike<number>, count: number, now: number): void {
    if (this.toX.length < count) {
      this.fromX = new Float32Array(count)
      this.fromY = new Float32Array(count)
      this.toX = new Float32Array(count)
      this.toY = new Float32Array(count)
    }
    this.count = count
    for (let i = 0; i < count; i++) {
      this.fromX[i] = this.toX[i] = x[i] ?? 0
      this.fromY[i] = this.toY[i] = y[i] ?? 0
    }
    this.frameAt = now
  }

  /**
   * A new frame: the current drawn positions (`curX/curY`, what sample() last wrote) become the
   * start, `setTarget` fills the targets. Agents setTarget skips keep their last target.
   */
  push(
    curX: ArrayLike<number>,
    curY: ArrayLike<number>,
    now: number,
    setTarget: (toX: Float32Array, toY: Float32Array) => void,
  ): void {
    for (let i = 0; i < this.count; i++) {
      this.fromX[i] = curX[i] ?? 0
      this.fromY[i] = curY[i] ?? 0
    }
    setTarget(this.toX, this.toY)
    const dt = now - this.frameAt
    // Jitter-tolerant estimate; ignore gaps (tab hidden, reconnect) that are not the frame rate.
    if (dt > 20 && dt < 1000) this.interval = this.interval * 0.8 + dt * 0.2
    this.frameAt = now
  }

  /** Writes the positions for time `now` into outX/outY (the store's buffers). */
  sample(now: number, outX: Float32Array, outY: Float32Array): void {
    const t = Math.min(1, Math.max(0, (now - this.frameAt) / this.interval))
    const n = Math.min(this.count, outX.length, outY.length)
    for (let i = 0; i < n; i++) {
      const fx = this.fromX[i] as number
      const fy = this.fromY[i] as number
      outX[i] = fx + ((this.toX[i] as number) - fx) * t
      outY[i] = fy + ((this.toY[i] as number) - fy) * t
    }
  }
}
