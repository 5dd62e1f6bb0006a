import type { AnswerProblem } from './answer';

/**
 * How the package treats the PIM, in one place: what every request carries, the settings each
 * kind of client starts from, and when a failed attempt is tried again (read by failures.ts's
 * classify, which decides, and transport.ts's send, which waits and tells the account's limiter).
 */

/** Headers of every request: the node's requestDefaults and the transport's own options. */
export const REQUEST_HEADERS = { Accept: 'application/json' };

export interface ReliabilitySettings {
	/** Attempts after the first one. */
	maxRetries: number;
	/** Upper bound of all waiting between attempts of one request, in ms. */
	maxRetryWaitMs: number;
	/** Per-attempt timeout in ms: the whole answer, body included, must arrive within it. */
	timeoutMs: number;
}

export interface ClientSettings extends ReliabilitySettings {
	/** Requests wait while this many are in flight on the account's shared limiter (limiter.ts). */
	maxConcurrency: number;
	/** Requests also wait for the pace the limiter learned: one long run (Import File). */
	paced?: boolean;
	/**
	 * Told when a request starts (true) and stops (false) waiting out a fault's backoff, which
	 * only that request waits for: Import File lets another row write meanwhile (orderedTasks.ts).
	 */
	backoff?: (waiting: boolean) => void;
}

/** An operation's settings where its Request Options say nothing (their defaults show these). */
export const RUN_SETTINGS: ClientSettings = {
	maxConcurrency: 5,
	maxRetries: 5,
	maxRetryWaitMs: 120_000,
	timeoutMs: 60_000,
};

/** A trigger poll reads like the dropdowns, with an operation's patience. */
export const POLL_SETTINGS: ClientSettings = { ...RUN_SETTINGS, maxConcurrency: 4 };

/** Dropdowns, searches and field lists of the editor: quick to give up, so it never hangs. */
export const DROPDOWN_SETTINGS: ClientSettings = {
	maxConcurrency: 4,
	maxRetries: 2,
	maxRetryWaitMs: 10_000,
	timeoutMs: 20_000,
};

/** What a failed attempt tells the account's limiter (limiter.ts, failed()). */
export type FailureSignal = 'rateLimit' | 'busy' | 'fault';

/**
 * When a failed attempt is tried again. A write is repeated only when the PIM provably did not
 * act on it; a read whenever the failure may pass.
 */
export const RETRY_POLICY = {
	/** "Not processed, come back later" (rate limit, busy server): any request is repeated. */
	notProcessed: new Set([429, 503]),
	/** A rate limit: always a refusal for load, which every request to the account waits out. */
	rateLimits: new Set([429]),
	/** Busy: a fault while sporadic, a refusal for load while steady (limiter.ts, BUSY_*). */
	busy: new Set([503]),
	/** Server errors from this status on are repeated for reads. */
	readsRetriedFrom: 500,
	/**
	 * A read answered with a body that is not JSON: repeated on a 2xx (garbled on the way) or from
	 * readsRetriedFrom; a 3xx or 4xx page (a wrong Base URL's 404, a proxy's login) would come back.
	 */
	notJsonReadsRetried: { ok: true, fromServerErrors: true, clientErrors: false },
	/** Socket errors that say the request never left or never reached a server: always repeated. */
	notSent: new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']),
	/** Socket errors after which the PIM may have acted: repeated for reads only. */
	transient: new Set([
		'ECONNRESET',
		'ETIMEDOUT',
		'ECONNABORTED',
		'EPIPE',
		'ESOCKETTIMEDOUT',
		'ERR_SOCKET_CONNECTION_TIMEOUT',
		'UND_ERR_SOCKET',
	]),
	/** Cut answers repeated for reads; one cut for being too large would be again. */
	cutAnswersRetried: new Set<AnswerProblem>(['deadline', 'broken']),
	/** Exponential backoff with full jitter when the PIM names no delay. */
	backoff: { baseMs: 500, capMs: 30_000 },
} as const;
