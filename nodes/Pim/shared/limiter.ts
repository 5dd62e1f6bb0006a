import { sleep } from 'n8n-workflow';

/**
 * Bounds the requests in flight for one node execution and holds every request back while the
 * server has asked us to wait (429/503 with Retry-After), so a rate limit slows the whole batch
 * down once instead of every item hammering the server on its own schedule.
 *
 * After two rate-limit answers it also paces requests: the requests that succeeded between them,
 * over the time between them, is the rate the server allows. Without pacing, a Retry-After of
 * whole seconds against a per-second bucket costs a second of idle time per burst (measured:
 * 87 % of the allowed rate; paced: see bench/RESULTS.md).
 */
// Just under the measured rate: the catch-up below absorbs timer jitter, and a 429 caused by a
// too-high estimate only teaches the limiter again (0.97 left ~3 % of the allowed rate unused).
const PACING_MARGIN = 0.995;
const PACING_CATCH_UP = 3;

export class Limiter {
	private active = 0;
	private readonly waiting: Array<() => void> = [];
	private pausedUntil = 0;
	private intervalMs = 0;
	private nextStartAt = 0;
	private lastRateLimitAt: number | undefined;
	private successesSinceRateLimit = 0;

	constructor(readonly maxConcurrency: number) {}

	/** Runs `task` once a slot is free and no pause is in effect. */
	async run<T>(task: () => Promise<T>): Promise<T> {
		await this.acquire();
		try {
			return await task();
		} finally {
			this.release();
		}
	}

	/** Asks every request of this execution to wait until `ms` from now. */
	pause(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	/** A request was answered normally. */
	succeeded(): void {
		this.successesSinceRateLimit++;
	}

	/** A request was refused by a rate limit (429): pause, and learn the allowed rate. */
	rateLimited(waitMs: number): void {
		const now = Date.now();
		// Refusals of requests started before the current pause say nothing new.
		if (now >= this.pausedUntil) {
			if (this.lastRateLimitAt !== undefined && this.successesSinceRateLimit > 0) {
				const rate = this.successesSinceRateLimit / ((now - this.lastRateLimitAt) / 1000);
				this.intervalMs = 1000 / (rate * PACING_MARGIN);
			}
			this.lastRateLimitAt = now;
			this.successesSinceRateLimit = 0;
		}
		this.pause(waitMs);
	}

	private async acquire(): Promise<void> {
		if (this.active < this.maxConcurrency) {
			this.active++;
		} else {
			// release() hands its slot straight to us, so `active` stays counted.
			await new Promise<void>((resolve) => this.waiting.push(resolve));
		}
		for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now()) {
			await sleep(wait);
		}
		if (this.intervalMs > 0) {
			const now = Date.now();
			// A start that comes late may catch up a few intervals (the server's bucket holds that
			// much), so delays in this process do not lower the pace below the allowed rate.
			const at = Math.max(this.nextStartAt, now - PACING_CATCH_UP * this.intervalMs, this.pausedUntil);
			this.nextStartAt = at + this.intervalMs;
			if (at > now) await sleep(at - now);
		}
	}

	private release(): void {
		const next = this.waiting.shift();
		if (next) next();
		else this.active--;
	}
}

const byExecution = new WeakMap<object, Limiter>();

/**
 * The limiter shared by all items of one node run. n8n's routing engine gives every item of a
 * run the same execute-data object, so it keys the limiter without any global state; the
 * WeakMap lets it go with the run.
 */
export function sharedLimiter(runKey: object | undefined, maxConcurrency: number): Limiter {
	if (!runKey) return new Limiter(maxConcurrency);
	let limiter = byExecution.get(runKey);
	if (!limiter) {
		limiter = new Limiter(maxConcurrency);
		byExecution.set(runKey, limiter);
	}
	return limiter;
}
