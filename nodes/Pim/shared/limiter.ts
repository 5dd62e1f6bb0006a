import { sleep } from 'n8n-workflow';

import type { FailureSignal } from './policy';

/**
 * Bounds the requests in flight to one PIM account and holds every request back while the server
 * has asked us to wait (a refusal for load: see failed()), so a rate limit slows everything down
 * once instead of every item and execution hammering the server on its own schedule.
 *
 * The bound adapts, as other processes (queue-mode workers, several mains) may share the account
 * without this state: a window of requests in flight that each refusal for load halves (at most
 * once per round) and that grows by one request per GROW_MS while requests wait, up to their own
 * bound (AIMD). Processes whose bounds add up to more than the server takes settle at its limit.
 *
 * Refusals also teach a pace (PACE_* below) that only paced requests wait for (Import File's long
 * run), so it meets a rate limit a few times instead of after every pause. Others keep to the pause
 * alone: a refusal is the only news of spare room, so a pace would find a share freed by another
 * process late (bench/analysis.md, "The pace").
 */
// Slow on purpose: each refusal costs a whole Retry-After pause (1 s or more) for the process,
// a window one too small only a fraction of a request. Measured, 2 and 3 processes sharing 5
// requests in flight: 2 s gave 2–4× the refusals of 5 s for the same time.
const GROW_MS = 5000;

/**
 * The pace: after two refusals, requests start at most at the rate the server took between them
 * (answers ÷ time between the refusals), which against a token bucket never exceeds its rate: it is
 * empty at both refusals and refills at that rate between. From there the pace follows a cubic in
 * the time since the refusal, as TCP CUBIC: PACE_DROP below the learned rate, back at it after
 * PACE_DOUBLE_S × ∛PACE_DROP (~21 s), flat, then twice it PACE_DOUBLE_S later, so room freed by
 * another process is found within about a minute; a steady limit costs a refusal every ~45 s.
 *
 * A refusal during the climb whose figure is within PACE_DROP above the learned rate confirms it:
 * the time scale grows PACE_STRETCH times, up to PACE_MAX_STRETCH × PACE_DOUBLE_S (3 minutes), so a
 * steady limit costs fewer refusals the longer a run lasts (bench/analysis.md, "The pace"). Any
 * other lesson (room above the rate, or a share lost below it) resets the scale.
 */
const PACE_DROP = 0.1;
const PACE_DOUBLE_S = 45;
const PACE_STRETCH = 1.5;
const PACE_MAX_STRETCH = 4;
/** A refusal after fewer answers than this teaches no rate (the pause paces that). */
const PACE_MIN_ANSWERS = 5;
/**
 * Idle this long since the last refusal (the bucket filled and capped), the next refusal teaches no
 * rate. Nor does one refusal take the pace below half the rate learned before (an interval the run
 * did not keep busy says too little); each refusal can halve it again.
 */
const PACE_IDLE_MS = 1000;

/**
 * A refusal for load or a fault (failed()). A 429 is a rate limit: it always narrows the window,
 * teaches the pace and pauses the account. A 503 is also what a deploy, a restarting node or one
 * busy node behind a load balancer answers now and then: taken as refusals, 5 % of writes answered
 * 503 would pace a PIM taking hundreds of writes a second at one or two (bench/analysis.md). So, as
 * TCP tells loss from congestion, a fault costs only its own retry, and 503s are refusals for load
 * only while at least BUSY_ENTER of the account's last BUSY_ANSWERS answers were 503, until fewer
 * than BUSY_LEAVE are. Other failures (500, 502, 504, connection errors) are always faults.
 *
 * A run above a limit that answers 503 trips within about BUSY_ENTER answers; random 503s at 5 %
 * with probability 9e-11 per 503, at 10 % 3e-5. A steady share that is no limit (a quarter of the
 * nodes down) is taken for one while it lasts: a client cannot tell them apart. Leaving at a lower
 * share keeps a 503 limit recognised between its refusals, and lets a burst go once it has left
 * the recent answers.
 */
const BUSY_ANSWERS = 100;
const BUSY_ENTER = 25;
const BUSY_LEAVE = 10;

export class Limiter {
	private active = 0;
	private readonly waiting: Array<{ bound: number; start: () => void }> = [];
	private pausedUntil = 0;
	private lastUsedAt = Date.now();
	/** Requests allowed in flight now (fractional: it grows a little with each success). */
	private window: number;
	/** The largest bound asked for: the window never grows past it. */
	private ceiling: number;
	/** When the window was last narrowed: refusals of requests sent before then are the same news. */
	private narrowedAt = 0;
	private lastSuccessAt = 0;
	/** The rate learned from the last two refusals (requests/s); 0 until then. */
	private learnedRate = 0;
	/** When the pace curve starts (the refusal that set or kept `learnedRate`). */
	private paceFrom = 0;
	private lastRefusalAt = 0;
	private answersSinceRefusal = 0;
	/** The limiter stood idle (PACE_IDLE_MS) since the last refusal. */
	private idleSinceRefusal = false;
	/** When the next request may start under the pace. */
	private nextStartAt = 0;

	/** The pace curve's time scale now (s): PACE_DOUBLE_S, stretched by each confirmation. */
	private scaleS: number;

	/** The last BUSY_ANSWERS answers, 1 for a busy one (a ring from `recentAt`), and their sum. */
	private readonly recent = new Uint8Array(BUSY_ANSWERS);
	private recentAt = 0;
	private recentBusy = 0;
	/** Busy answers are a steady share of the recent ones: they are refusals for load. */
	private busyIsLoad = false;

	/**
	 * What the limiter was told (tests, diagnostics): refusals for load (each narrowed the window,
	 * once per round, and may have taught the pace), faults (failed attempts that changed nothing
	 * for the other requests), account-wide pauses asked for (pause()).
	 */
	readonly counts = { refusals: 0, faults: 0, pauses: 0 };

	/** `paceDoubleS`: the pace curve's first time scale (tests shorten it). */
	constructor(
		readonly maxConcurrency: number,
		private readonly paceDoubleS = PACE_DOUBLE_S,
	) {
		this.window = maxConcurrency;
		this.ceiling = maxConcurrency;
		this.scaleS = paceDoubleS;
	}

	/**
	 * Runs `task` once no pause is in effect and fewer than `bound` requests (and than the window)
	 * are in flight, first come, first served whatever their bound. A `paced` request also waits
	 * for its turn under the learned pace. `task` gets the time it starts, for `refused()`.
	 */
	async run<T>(
		task: (startedAt: number) => Promise<T>,
		bound = this.maxConcurrency,
		paced = false,
	): Promise<T> {
		await this.acquire(Math.max(1, bound), paced);
		try {
			return await task(Date.now());
		} finally {
			this.release();
		}
	}

	/** Asks every request through this limiter to wait until `ms` from now. */
	pause(ms: number): void {
		this.counts.pauses++;
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
	}

	/** A request was answered normally: while requests wait for the window, widen it. */
	succeeded(): void {
		const now = Date.now();
		if (this.waiting.length > 0 && this.lastSuccessAt > 0)
			this.window = Math.min(
				this.ceiling,
				// At most one request per round of requests, as TCP: sparse successes add no more.
				this.window + Math.min(1 / this.window, (now - this.lastSuccessAt) / GROW_MS),
			);
		this.lastSuccessAt = now;
		this.answersSinceRefusal++;
		this.answered(false);
		this.dispatch();
	}

	/**
	 * A request sent at `startedAt` failed, as `signal` says (failures.ts). Returns whether it was a
	 * refusal for load (the window narrows, the pace learns, the send loop pauses the account) rather
	 * than a fault, which only its own request waits for (BUSY_ANSWERS above).
	 */
	failed(signal: FailureSignal, startedAt: number): boolean {
		this.answered(signal === 'busy');
		const load = signal === 'rateLimit' || (signal === 'busy' && this.busyIsLoad);
		if (load) {
			this.counts.refusals++;
			this.refused(startedAt);
		} else this.counts.faults++;
		return load;
	}

	/** Keeps the share of busy answers among the last BUSY_ANSWERS. */
	private answered(busy: boolean): void {
		const mark = busy ? 1 : 0;
		this.recentBusy += mark - this.recent[this.recentAt];
		this.recent[this.recentAt] = mark;
		this.recentAt = (this.recentAt + 1) % BUSY_ANSWERS;
		if (this.recentBusy >= BUSY_ENTER) this.busyIsLoad = true;
		else if (this.recentBusy < BUSY_LEAVE) this.busyIsLoad = false;
	}

	/**
	 * A request sent at `startedAt` was refused for load (failed()): narrow the window. Told while
	 * the refused request still holds its place in `active` (see send() in transport.ts).
	 *
	 * It also teaches the pace. The figure since the last refusal is a lower bound of the server's
	 * rate. Met during the climb (pace above the learned rate), the rate lies between the two: the
	 * higher stays, so a run about as fast as the server is not paced below its own speed. Met at or
	 * below it, another process took a share: the figure replaces the rate, floored at half.
	 */
	refused(startedAt: number): void {
		if (startedAt < this.narrowedAt) return;
		const now = Date.now();
		this.window = Math.max(1, Math.min(this.window, this.active) / 2);
		this.narrowedAt = now;
		if (
			this.lastRefusalAt > 0 &&
			this.answersSinceRefusal >= PACE_MIN_ANSWERS &&
			!this.idleSinceRefusal
		) {
			const figure = (this.answersSinceRefusal * 1000) / (now - this.lastRefusalAt);
			const climbing = this.learnedRate > 0 && this.pace(now) > this.learnedRate;
			const confirmed = climbing && figure <= this.learnedRate * (1 + PACE_DROP);
			this.scaleS = confirmed
				? Math.min(this.paceDoubleS * PACE_MAX_STRETCH, this.scaleS * PACE_STRETCH)
				: this.paceDoubleS;
			this.learnedRate = Math.max(climbing ? this.learnedRate : this.learnedRate / 2, figure);
		}
		if (this.learnedRate > 0) this.paceFrom = now;
		this.lastRefusalAt = now;
		this.answersSinceRefusal = 0;
		this.idleSinceRefusal = false;
	}

	/** Requests per second allowed to start now (Infinity until a rate is learned). */
	private pace(now: number): number {
		if (this.learnedRate === 0) return Infinity;
		// Flat around the learned rate until scaleS × ∛PACE_DROP after the refusal.
		const t = (now - this.paceFrom) / 1000 - this.scaleS * Math.cbrt(PACE_DROP);
		return this.learnedRate * (1 + (t * t * t) / this.scaleS ** 3);
	}

	/** The pace curve's time scale now, in seconds (tests, diagnostics). */
	get paceScaleS(): number {
		return this.scaleS;
	}

	/** The rate the pace was learned at, requests/s; 0 while none is (tests, diagnostics). */
	get learnedPace(): number {
		return this.learnedRate;
	}

	/** Requests in flight allowed now (tests, diagnostics). */
	get currentWindow(): number {
		return Math.floor(this.window);
	}

	/** How long nothing has run, waited or been paused here (0 while in use). */
	idleFor(now: number): number {
		if (this.active > 0 || this.waiting.length > 0 || now < this.pausedUntil) return 0;
		return now - this.lastUsedAt;
	}

	/** How many may be in flight for a request of this bound. */
	private limit(bound: number): number {
		return Math.max(1, Math.min(bound, Math.floor(this.window)));
	}

	private async acquire(bound: number, paced: boolean): Promise<void> {
		this.ceiling = Math.max(this.ceiling, bound);
		if (this.idleFor(Date.now()) >= PACE_IDLE_MS) this.idleSinceRefusal = true;
		if (this.waiting.length === 0 && this.active < this.limit(bound)) {
			this.active++;
		} else {
			// dispatch() counts us in `active` before it starts us.
			await new Promise<void>((start) => this.waiting.push({ bound, start }));
		}
		await this.pauseOver();
		const turn = paced ? this.paceTurn(Date.now()) : 0;
		if (turn > 0) {
			await sleep(turn);
			await this.pauseOver();
		}
	}

	private async pauseOver(): Promise<void> {
		for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now())
			await sleep(wait);
	}

	/** Takes the next start time the pace allows: how long to wait for it (ms). */
	private paceTurn(now: number): number {
		const pace = this.pace(now);
		if (pace === Infinity) return 0;
		const at = Math.max(this.nextStartAt, now);
		this.nextStartAt = at + 1000 / pace;
		return at - now;
	}

	private release(): void {
		this.active--;
		this.lastUsedAt = Date.now();
		this.dispatch();
	}

	/** The first waiter goes as soon as its own bound allows; later ones never overtake it. */
	private dispatch(): void {
		while (this.waiting.length > 0 && this.active < this.limit(this.waiting[0].bound)) {
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
 * in flight in total, one Retry-After pause, one learned window. n8n runs concurrent executions in
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
	if (!limiter) accounts.set(key, (limiter = new Limiter(bound.maxConcurrency)));
	return limiter;
}

/** Accounts with a limiter in this process (tests: the state is released). */
export function accountLimiterCount(): number {
	return accounts.size;
}
