/**
 * Public types of the PIM sandbox. `server.ts` re-exports all of them; import from there.
 */
import type { ProfileFile } from './profile';

/** An account (tenant) of the sandbox. */
export interface AccountSpec {
	/** Account name as sent in the `x-domain` header (matched case-insensitively). */
	domain: string;
	/** Value of the `token` header that authorises requests for this account. */
	token: string;
	/** Number of seeded products (default: `SandboxOptions.products`, i.e. 200). */
	products?: number;
	/** Number of extra generated attributes `attr_00001`, `attr_00002`, ... (default 0). */
	extraAttributes?: number;
	/** No families, channels, attributes, locales, currencies, categories, relations or products at all. */
	empty?: boolean;
	/** Seed of the account's data (default: derived from the domain and `SandboxOptions.seed`). */
	seed?: number;
	/**
	 * How writes name multi-select values: `suffix` (`color-multi-select[]`, the default, as the
	 * interface document writes it) or `plain` (`color[]`). The other form is ignored, like any
	 * field a PHP backend does not read.
	 */
	multiSelectForm?: MultiSelectForm;
	/** Order of the product, family and category lists (default `id`: ascending id). */
	listOrder?: ListOrder;
	/** The structure of a real account (profile.ts) instead of the built-in catalogue. */
	profile?: ProfileFile;
}

export type MultiSelectForm = 'suffix' | 'plain';
/** `id` ascending, `id-desc` newest first, `updated-desc` last update first (ties: higher id first). */
export type ListOrder = 'id' | 'id-desc' | 'updated-desc';
export const LIST_ORDERS: readonly ListOrder[] = ['id', 'id-desc', 'updated-desc'];

export interface RateLimit {
	/** Requests per second (token bucket of capacity `rps`, refilled continuously, shared by the whole server). */
	rps?: number;
	/** Maximum number of admitted API requests in flight at once. */
	maxConcurrent?: number;
	/** Form of the `Retry-After` header: delta seconds (default) or an HTTP date. */
	retryAfter?: 'seconds' | 'date';
	/** Status of a refusal: 429 (default) or 503, as some servers and gateways answer a rate limit. */
	status?: 429 | 503;
}

export interface ScriptStep {
	/** Answer with this HTTP status (envelope with status:false) instead of processing the request. */
	status?: number;
	/** Value of a `Retry-After` header sent with `status`. */
	retryAfter?: string;
	/** Destroy the socket without any response (the request is not processed). */
	drop?: boolean;
	/** HTTP 200 with a truncated JSON body (the request is not processed). */
	malformed?: boolean;
	/** HTTP 200 with `{status:false, status_code:500}` (the request is not processed). */
	statusFalse?: boolean;
	/** Wait this long first; alone (without one of the above) the request is then processed normally. */
	delayMs?: number;
}

export interface Faults {
	/** Delay before each API response (not applied to 429 answers of the rate limiter). */
	latencyMs?: number;
	/** 429 (or `rateLimit.status`) + Retry-After when exceeded. */
	rateLimit?: RateLimit;
	/** Share (0..1) of API requests answered `errorStatus` (default 500) with an error envelope. */
	errorRate?: number;
	errorStatus?: number;
	/** Share of API requests answered HTTP 200 with `{status:false, message:'Simulated failure', status_code:500}`. */
	statusFalseRate?: number;
	/** Share of API requests whose socket is destroyed without a response. */
	dropRate?: number;
	/** 'after' (default): the request is processed (a write is applied) and then the socket is destroyed; 'before': not processed. */
	dropPhase?: 'before' | 'after';
	/** Share of API requests answered HTTP 200 with a truncated JSON body. */
	malformedRate?: number;
	/** Share of API requests answered HTTP 502 with an HTML body. */
	htmlRate?: number;
	/** Share of API requests answered HTTP 200 with an empty body. */
	emptyRate?: number;
	/** Paginated lists always serve page 1 (and echo currentPage 1). */
	ignoreCurrentPage?: boolean;
	/** Deterministic faults: the next matching API requests consume these steps in order, one each. */
	script?: ScriptStep[];
	/** If set, faults apply only to requests whose `"METHOD /path"` (path without query) matches this regex. */
	pathPattern?: string;
	/** Seed of the PRNG that decides the random faults (default: `SandboxOptions.seed` or 1). */
	seed?: number;
}

export interface SandboxOptions {
	/** 0 = random free port (default). */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** Global seed; every account's data and the fault PRNG derive from it (default 1). */
	seed?: number;
	/** Products of the two default accounts `demo` and `acme` (default 200). */
	products?: number;
	/** Extra generated attributes of the two default accounts (default 0). Addition to the original contract. */
	extraAttributes?: number;
	/** Accounts added to the defaults demo/acme. A spec with the domain `demo` or `acme` replaces that default. */
	accounts?: AccountSpec[];
	faults?: Faults;
	/** Keep the request log (default true). */
	log?: boolean;
	/** Ring buffer size of the request log (default 20000). */
	logLimit?: number;
	/** Page length when `pagination[pageLimit]` is absent or invalid (default 10). */
	defaultPageLimit?: number;
	/** Larger page lengths are clamped to this (default 1000). */
	maxPageLimit?: number;
	/** Clock used for timestamps (default: the real clock). */
	now?: () => Date;
}

export interface LoggedRequest {
	/** Increasing number, assigned when the response is complete (never reset, not even by clearLog/reset). */
	seq: number;
	method: string;
	/** Path without the query string. */
	path: string;
	/** Query parameters, keys as on the wire (percent-decoded), e.g. `pagination[currentPage]`; a repeated key keeps its last value. */
	query: Record<string, string>;
	rawQuery: string;
	/** Request headers, names lower-cased, values as sent. */
	headers: Record<string, string>;
	contentType?: string;
	rawBody: string;
	/** Decoded body: PHP-bracket-parsed form / multipart fields, or parsed JSON; undefined when empty or undecodable. */
	body: unknown;
	/** HTTP status of the response; 0 when the socket was dropped. */
	status: number;
	/** Domain of the account the request acted on (when authenticated). */
	account?: string;
	/** Name of the injected fault, e.g. `error`, `rate-limit`, `drop`, `script:status`. */
	faulted?: string;
	/** Milliseconds (fractional) from arrival to response end, i.e. server time (addition). */
	durationMs?: number;
	/** When the request arrived (epoch milliseconds): benches time phases of a run by it. */
	arrivedAt?: number;
}

export interface Counters {
	requests: number;
	inFlight: number;
	maxInFlight: number;
	byStatus: Record<string, number>;
	faults: Record<string, number>;
}
