// The emulator's only source of time. Nothing in the emulator reads Date.now() directly, so tests can move
// time with `advance` (manual mode) and a real-time emulator can run faster than the wall clock (speed).

type ClockMode = 'real' | 'manual';

export interface ClockSnapshot {
  emuNow: number;
  wallAt: number;
}

export class Clock {
  readonly mode: ClockMode;
  readonly speed: number;
  private baseEmu: number;
  private baseWall: number;
  private offset = 0;

  constructor(opts: { mode?: ClockMode; speed?: number; start?: number; wall?: () => number } = {}) {
    this.mode = opts.mode ?? 'real';
    this.speed = opts.speed && opts.speed > 0 ? opts.speed : 1;
    this.wall = opts.wall ?? Date.now;
    this.baseWall = this.wall();
    this.baseEmu = opts.start ?? Math.floor(this.baseWall / 1000) * 1000;
  }

  private readonly wall: () => number;

  /** Milliseconds since the epoch, in emulated time. */
  now(): number {
    if (this.mode === 'manual') return this.baseEmu + this.offset;
    return Math.floor(this.baseEmu + (this.wall() - this.baseWall) * this.speed + this.offset);
  }

  advance(seconds: number): void {
    this.offset += seconds * 1000;
  }

  snapshot(): ClockSnapshot {
    return { emuNow: this.now(), wallAt: this.wall() };
  }

  /** Resume from a saved snapshot: a manual clock resumes where it stopped, a real one also counts the time it was down. */
  restore(s: ClockSnapshot): void {
    this.offset = 0;
    this.baseWall = this.wall();
    this.baseEmu = this.mode === 'manual' ? s.emuNow : s.emuNow + Math.max(0, this.baseWall - s.wallAt) * this.speed;
  }
}

/** `2026-11-20T09:12:00.000000+00:00`: servers, actions, templates, keys. */
export function isoMicro(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/** `2026-11-20T09:12:00.000Z`: snapshots, networks, VLANs. */
export function isoMilli(ms: number): string {
  return new Date(ms).toISOString();
}
