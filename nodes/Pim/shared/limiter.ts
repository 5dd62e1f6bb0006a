import { sleep } from 'n8n-workflow';

/**
 * Bounds the requests in flight to one PIM account and holds every request back while the
 * server has asked us to wait (429/503 with Retry-After), so a rate limit slows everything down
 * once instead of every item and execution hammering the server on its own schedule.
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
	private readonly waiting: Array<{ bound: number; start: () => void }> = [];
	private pausedUntil = 0;
	private intervalMs = 0;
	private nextStartAt = 0;
	private lastRateLimitAt: number | undefined;
	private successesSinceRateLimit = 0;
	private lastUsedAt = Date.now();

	constructor(readonly maxConcurrency: number) {}

	/**
	 * Runs `task` once no pause is in effect and fewer than `bound` requests are in flight.
	 * Requests start in the order they asked (first come, first served), whatever their bound.
	 */
	async run<T>(task: () => Promise<T>, bound = this.maxConcurrency): Promise<T> {
		await this.acquire(Math.max(1, bound));
		try {
			return await task();
		} finally {
			this.release();
		}
	}

	/** Asks every request through this limiter to wait until `ms` from now. */
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

	/** How long nothing has run, waited or been paused here (0 while in use). */
	idleFor(now: number): number {
		if (this.active > 0 || this.waiting.length > 0 || now < this.pausedUntil) return 0;
		return now - this.lastUsedAt;
	}

	private async acquire(bound: number): Promise<void> {
		if (this.waiting.length === 0 && this.active < bound) {
			this.active++;
		} else {
			// dispatch() counts us in `active` before it starts us.
			await new Promise<void>((start) => this.waiting.push({ bound, start }));
		}
		for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now()) {
			await sleep(wait);
		}
		if (this.intervalMs > 0) {
			const now = Date.now();
			// A start that comes late may catch up a few intervals (the server's bucket holds that
			// much), so delays in this process do not lower the pace below the allowed rate.
			const at = Math.max(
				this.nextStartAt,
				now - PACING_CATCH_UP * this.intervalMs,
				this.pausedUntil,
			);
			this.nextStartAt = at + this.intervalMs;
			if (at > now) await sleep(at - now);
		}
	}

	private release(): void {
		this.active--;
		this.lastUsedAt = Date.now();
		// The first waiter goes as soon as its own bound allows; later ones never overtake it.
		while (this.waiting.length > 0 && this.active < this.waiting[0].bound) {
			this.active++;
			this.waiting.shift()!.start();
		}
	}
}

/**
 * What bounds a request: a limiter of its own (tests, tools), or the account's shared limiter
 * at a bound (`Max Concurrent Requests` of the node that sends it).
 */
export type Bound = Limiter | AccountBound;

export class AccountBound {
	constructor(readonly maxConcurrency: number) {}
}

/**
 * One limiter per PIM account (Base URL + Domain) in this n8n process, shared by every node
 * execution, dropdown and trigger poll that uses the account: at most the bound of each request
 * in flight in total, one Retry-After pause, one learned pace. n8n runs concurrent executions in
 * one process, so per-execution bounds would add up. A limiter idle for IDLE_RELEASE_MS is
 * dropped (with what it learned), so the map holds only the accounts in recent use.
 */
const IDLE_RELEASE_MS = 10 * 60_000;
const accounts = new Map<string, Limiter>();

export function releaseIdleLimiters(now = Date.now()): void {
	for (const [key, limiter] of accounts)
		if (limiter.idleFor(now) >= IDLE_RELEASE_MS) accounts.delete(key);
}

/** The limiter a request goes through, for the account the connection names. */
export function limiterFor(bound: Bound, account: { baseUrl: string; domain?: string }): Limiter {
	if (bound instanceof Limiter) return bound;
	releaseIdleLimiters();
	const key = `${account.baseUrl}\n${account.domain ?? ''}`;
	let limiter = accounts.get(key);
	if (!limiter) {
		limiter = new Limiter(bound.maxConcurrency);
		accounts.set(key, limiter);
	}
	return limiter;
}

/** Accounts with a limiter in this process (tests: the state is released). */
export function accountLimiterCount(): number {
	return accounts.size;
}
