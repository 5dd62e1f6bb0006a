import { sleep } from 'n8n-workflow';

import type { FailureSignal } from './policy';

/**
 * Bounds the requests in flight to one PIM account and holds every request back while the
 * server has asked us to wait (a refusal for load: see failed()), so a rate limit slows
 * everything down once instead of every item and execution hammering the server on its own
 * schedule.
 *
 * The bound adapts to what the server takes, because other processes (n8n queue-mode workers,
 * several mains) may use the account without sharing this state: a window of requests in flight
 * that each refusal for load halves, at most once per round of requests, and that grows by one
 * request per GROW_MS while requests wait for it, up to their own bound (additive increase,
 * multiplicative decrease). N processes whose bounds add up to more than the server takes settle
 * at about its limit between them.
 *
 * Refusals also teach a pace (requests started per second, PACE_* below) that paced requests
 * wait for: a long run of one execution (Import File) then meets a rate limit a few times instead
 * of after every Retry-After pause. Other requests do not wait for it: against a token bucket a
 * refusal is the only news of spare room, so a pace that rarely meets one also finds a share freed
 * by another process (a queue-mode worker that finished) late, and many executions splitting an
 * account keep its whole rate by the pause alone (bench/analysis.md, "The pace").
 */
// Slow on purpose: each refusal costs a whole Retry-After pause (1 s or more) for the process,
// a window one too small only a fraction of a request. Measured, 2 and 3 processes sharing 5
// requests in flight: 2 s gave 2–4× the refusals of 5 s for the same time.
const GROW_MS = 5000;

/**
 * The pace: after two refusals, requests start at most at the rate the server took between them
 * (requests answered ÷ the time from one refusal to the next). Against a token bucket that
 * figure never exceeds its rate: the bucket is empty at both refusals, and refills at that rate
 * in between (less when it was full and capped). From there the pace follows a cubic in the time
 * since the refusal, as TCP CUBIC does: it starts PACE_DROP below the learned rate, is back at it
 * after PACE_DOUBLE_S × ∛PACE_DROP (~21 s), flat around it, then climbs to twice it PACE_DOUBLE_S
 * later, so room freed by another process is found within about a minute. Against a steady limit
 * that is one refusal every ~45 s (the bucket empties once the pace has been above its rate for a
 * second's worth of requests).
 *
 * A refusal met during the climb that finds no more room than the learned rate (its figure within
 * PACE_DROP above it) confirms that rate: the curve's time scale then grows PACE_STRETCH times, up
 * to PACE_MAX_STRETCH times PACE_DOUBLE_S (3 minutes). A steady limit then costs fewer refusals
 * the longer a run lasts (a million-row sync may send at most 10 requests over its pages and
 * writes, in ~4 minutes at 50 requests/s: bench/analysis.md, "The pace"), and a share freed by
 * another process is found within the time scale reached. Any other lesson (room found above the
 * rate, or a share lost below it) resets the scale.
 */
const PACE_DROP = 0.1;
const PACE_DOUBLE_S = 45;
const PACE_STRETCH = 1.5;
const PACE_MAX_STRETCH = 4;
/** A refusal after fewer answers than this teaches no rate (the pause paces that). */
const PACE_MIN_ANSWERS = 5;
/**
 * Nothing in flight or waiting for this long since the last refusal: the bucket was full and
 * capped, so the next refusal's interval would teach far less than the rate; it teaches nothing.
 * Nor does one refusal take the pace below half the rate learned before (an interval the run
 * did not keep busy throughout says too little); each refusal can halve it again.
 */
const PACE_IDLE_MS = 1000;

/**
 * A refusal for load or a fault (failed()). A 429 is a rate limit: it always narrows the window,
 * teaches the pace and pauses the account. A 503 is what a deploy, a restarting node or one busy
 * node behind a load balancer answers now and then, and also what some servers answer for a rate
 * limit. Taken as a refusal, a sporadic 503 would halve the window and teach a "rate" from the
 * time between two random faults: with 5 % of writes answered 503, a PIM taking hundreds of
 * writes a second would be paced at one or two (500 creates: 392 s instead of 23 s). So, as TCP
 * tells loss from congestion (and AWS SDKs' adaptive retry mode, octokit's throttling), a fault
 * costs only its own retry (that request waits its Retry-After or backoff), and only a consistent
 * signal lowers the pace: 503s are refusals for load while at least BUSY_ENTER of the account's
 * last BUSY_ANSWERS answers were 503, until fewer than BUSY_LEAVE are. Other failures (500, 502,
 * 504, connection errors) are always faults.
 *
 * A run above a limit that answers 503 has most of its answers refused, so the share trips within
 * about BUSY_ENTER answers. Random 503s at 5 % put 25 in 100 answers with probability 9e-11 per 503
 * (binomial tail P(X ≥ 24 | n = 99, p = 0.05)): under 5e-6 over a million requests. At 10 %,
 * 3e-5 per 503. A share this high that does not follow the rate (a quarter of the nodes behind a
 * load balancer down) is taken for a limit while it lasts: a client cannot tell the two apart
 * without lowering its rate. Leaving at a lower share keeps a limit that answers 503 recognised
 * between its refusals, and lets a burst (a deploy) go once it has left the recent answers.
 */
const BUSY_ANSWERS = 100;
const BUSY_ENTER = 25;
const BUSY_LEAVE = 10;

/** What a limiter was told (tests, diagnostics). */
export interface LimiterCounts {
	/** Refusals for load: each narrowed the window (once per round) and may have taught the pace. */
	refusals: number;
	/** Faults: failed attempts that changed nothing for the other requests. */
	faults: number;
	/** Account-wide pauses asked for (pause()). */
	pauses: number;
}

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

	readonly counts: LimiterCounts = { refusals: 0, faults: 0, pauses: 0 };

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
	 * Runs `task` once no pause is in effect and fewer than `bound` requests (and than the
	 * window) are in flight. Requests start in the order they asked (first come, first served),
	 * whatever their bound. A `paced` request also waits for its turn under the learned pace.
	 * `task` gets the time it starts, for `refused()`.
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
	 * A request sent at `startedAt` failed, as `signal` says (failures.ts). Returns whether it was
	 * a refusal for load (then the window narrows and the pace learns, here, and the send loop
	 * pauses the account); otherwise it is a fault, which only its own request waits for. The
	 * rule, and why: BUSY_ANSWERS above.
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
	 * rate, and the run's own average when the run was no faster than the server (the bucket stood
	 * full part of the time). Met while the pace was above the learned rate (the cubic's climb),
	 * the refusal says the rate lies between the two: the higher stays, so a run about as fast as
	 * the server is not paced below its own speed, refusal after refusal. Met at or below it, the
	 * learned rate is too high now (another process took a share): the figure replaces it, floored
	 * at half (PACE_IDLE_MS). The curve's time scale stretches or resets (PACE_STRETCH).
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
		for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now()) {
			await sleep(wait);
		}
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
