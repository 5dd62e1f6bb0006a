import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { exchange, type PimContext } from './attempt';
import { DOMAIN_HELP, type PimConnection } from './connection';
import { credentialOf, type ResolvedCredential } from './credential';
import { backoffMs, classify, toNodeError, type Attempt, type ClassifiedFailure } from './failures';
import { AccountBound, limiterFor, type Bound, type Limiter } from './limiter';
import { REQUEST_HEADERS, type ClientSettings } from './policy';
import { andThen, type Later } from './run';

/**
 * The client of the PIM and its send loop: every request of the package goes through send(),
 * one attempt after another (attempt.ts), each classified (failures.ts), under the account's
 * limiter (limiter.ts), with the credential read once per run (credential.ts).
 */

export interface PimRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL: one of ENDPOINTS (endpoints.ts). */
	url: string;
	qs?: IDataObject;
	/**
	 * Serialised form body (serializer.ts), or a function that builds it (checking the parameters)
	 * at this request's turn in the limiter: n8n prepares every input item before the first request,
	 * and work deferred to the turn overlaps with sending (bench/analysis.md, scenario 2).
	 */
	body?: string | (() => string);
	/** True for requests that change data: they are retried only when the server provably did not act. */
	write?: boolean;
	/** The endpoints where the interface makes `x-domain` optional. */
	domainOptional?: boolean;
}

/** The PIM as one run sees it: made once and passed on instead of context, bound and settings. */
export interface PimClient {
	/** The n8n context the requests are made from; errors name its node. */
	readonly ctx: PimContext;
	readonly settings: ClientSettings;
	/** The input item of a node run: its credential is used, and errors name it. */
	readonly itemIndex?: number;
	/** The checked credential, read once per run (credential.ts); problems are node errors. */
	connection(): Later<PimConnection>;
	/** Sends one request (see send below) and returns the envelope's `data`. */
	request(request: PimRequest): Promise<unknown>;
	/**
	 * Sends one read now and holds its answer unread: `open()` reads it (going on with request()'s
	 * retries when the envelope reports a failure) and returns its `data`. Pages read ahead wait as
	 * bytes: parsed on arrival they would outlive young-generation collections and fill V8's old
	 * space (bench/analysis.md, "The catalogue's read in real n8n").
	 */
	readAhead(request: PimRequest): Promise<HeldAnswer>;
	/** The attempts this client tried again, so far (for a run's report). */
	readonly retries: RetryCounts;
}

/** The attempts a client tried again, by what failed them, and the time waited before them. */
export interface RetryCounts {
	/** After a refusal for load (a rate limit, or 503s as a steady share: limiter.ts, failed()). */
	refused: number;
	/** After a fault (a sporadic 503, a server or connection error): only that request waited. */
	faulted: number;
	/** Waited before the retries, in ms (Retry-After or backoff; a pause counted once per request). */
	waitedMs: number;
}

/** An answer received and not yet read (see PimClient.readAhead). */
export interface HeldAnswer {
	open(): Promise<unknown>;
}

/**
 * A client for one run: an input item of a node (operations.ts, runClient), a dropdown
 * (methods/client.ts) or a trigger poll. `limiter`: its own instead of the account's (tests).
 */
export function pimClient(
	ctx: PimContext,
	settings: ClientSettings,
	options: { itemIndex?: number; limiter?: Limiter } = {},
): PimClient {
	const { itemIndex } = options;
	const bound: Bound = options.limiter ?? new AccountBound(settings.maxConcurrency);
	// The one place the client reads its credential: its connection and every request use it.
	const credential = () => credentialOf(ctx, itemIndex);
	const retries: RetryCounts = { refused: 0, faulted: 0, waitedMs: 0 };
	// A call is a literal, not a spread of the client: one is made per request (records.ts, withFields).
	const callOf = (request: PimRequest): Call => ({
		ctx,
		request,
		credential,
		bound,
		settings,
		itemIndex,
		retries,
	});
	return {
		ctx,
		settings,
		itemIndex,
		retries,
		connection: () => andThen(credential(), (read) => read.connection),
		request: async (request) => (await send(callOf(request), false)).data,
		readAhead: async (request) => {
			const call = callOf(request);
			const sent = await send(call, true);
			return { open: async () => ('held' in sent ? await open(call, sent) : sent.data) };
		},
	};
}

/** Why a request waiting for its turn was not sent. */
const CANCELLED = 'The execution was cancelled: this request was not sent';

/** One request as send() makes it: what is asked, by whom, under which bound and settings. */
interface Call {
	ctx: PimContext;
	request: PimRequest;
	credential: () => Later<ResolvedCredential>;
	bound: Bound;
	settings: ClientSettings;
	itemIndex: number | undefined;
	/** The client's counts, which each retry adds to. */
	retries: RetryCounts;
}

/** Where send() stands: the attempts made and the time waited between them. */
interface Tries {
	attempt: number;
	waited: number;
}

/** An answer send() received and did not read (HTTP 2xx, whole): open() classifies it. */
interface Held extends Tries {
	held: Attempt;
	startedAt: number;
	limiter: Limiter;
}

/** What one turn in the limiter came to. */
type Turn =
	| { data: unknown }
	| { held: Attempt; startedAt: number }
	| { failure: ClassifiedFailure; next: Next | undefined };

/** The next attempt after a failure: after `wait` ms, waited in an account pause or alone. */
interface Next {
	wait: number;
	paused: boolean;
}

/**
 * What the send loop does after a failed attempt: tells the account's limiter, and says when the
 * next attempt goes (undefined: none). A refusal for load (limiter.ts, failed()) pauses every
 * request to the account for its delay; a fault costs only its own retry: this request alone
 * waits its Retry-After or backoff, and the others go on.
 */
function afterFailure(
	call: Call,
	limiter: Limiter,
	failure: ClassifiedFailure,
	tries: Tries,
	startedAt: number,
): Next | undefined {
	const { settings, retries } = call;
	const wait = failure.retryAfterMs ?? backoffMs(tries.attempt);
	const retry =
		failure.retry &&
		tries.attempt < settings.maxRetries &&
		tries.waited + wait <= settings.maxRetryWaitMs;
	const refused = limiter.failed(failure.signal, startedAt);
	if (!retry) return undefined;
	if (refused) limiter.pause(wait);
	retries[refused ? 'refused' : 'faulted']++;
	retries.waitedMs += wait;
	return { wait, paused: refused };
}

/**
 * Reads an answer held by readAhead: its data, or (when its envelope reports a failure) the
 * next attempts, as send() would have made them.
 */
async function open(call: Call, sent: Held): Promise<unknown> {
	const result = classify(sent.held, call.request.write === true);
	if ('data' in result) {
		sent.limiter.succeeded();
		return result.data;
	}
	const next = afterFailure(call, sent.limiter, result.failure, sent, sent.startedAt);
	if (next === undefined)
		throw toNodeError(call.ctx, result.failure, call.itemIndex, sent.attempt + 1);
	if (!next.paused) await sleep(next.wait);
	const tries = { attempt: sent.attempt + 1, waited: sent.waited + next.wait };
	return (await send(call, false, tries)).data;
}

/**
 * The one way this package talks to the PIM: validates the credential, bounds concurrency, retries
 * what is safe to retry (honouring Retry-After), sends nothing once the execution is cancelled,
 * and turns every failure, a `status: false` body on HTTP 200 too, into a NodeApiError with the
 * API's own message. Returns the envelope's `data`; with `hold`, a read's whole 2xx answer unread
 * (open()). `from`: attempts made before, for open().
 */
function send(call: Call, hold: false, from?: Tries): Promise<{ data: unknown }>;
function send(call: Call, hold: boolean, from?: Tries): Promise<{ data: unknown } | Held>;
async function send(
	call: Call,
	hold: boolean,
	from: Tries = { attempt: 0, waited: 0 },
): Promise<{ data: unknown } | Held> {
	const { ctx, request, credential, bound, settings, itemIndex } = call;
	const { connection, decrypted } = await credential();
	if (!connection.domain && !request.domainOptional) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Credential field "Domain": this operation needs the account, and the Base URL does not name one; ${DOMAIN_HELP}`,
			{ itemIndex },
		);
	}

	const options: IHttpRequestOptions = {
		method: request.method,
		baseURL: connection.baseUrl,
		url: request.url,
		qs: request.qs,
		headers: { ...REQUEST_HEADERS },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// Redirects are followed by exchange() below, only within the Base URL's origin.
		disableFollowRedirect: true,
		// Read by exchange() within the Timeout and a size bound (answer.ts).
		encoding: 'stream',
		// The whole-answer deadline is exchange()'s; n8n's own (idle) timeout only backs it up.
		timeout: settings.timeoutMs + 1000,
	};
	const buildBody = typeof request.body === 'function' ? request.body : undefined;
	if (typeof request.body === 'string') options.body = request.body;
	if (request.body !== undefined)
		options.headers!['Content-Type'] = 'application/x-www-form-urlencoded';

	const limiter = limiterFor(bound, connection);
	const write = request.write === true;
	for (const tries = { ...from }; ; tries.attempt++) {
		const once = async (startedAt: number): Promise<Turn> => {
			// A cancelled execution sends nothing more: the requests waiting for their turn (every
			// input item's, pages read ahead, retries) end here. One already sent is answered.
			if (ctx.getExecutionCancelSignal?.()?.aborted)
				throw new NodeOperationError(ctx.getNode(), CANCELLED, { itemIndex });
			// Built once, in the first turn; a bad parameter throws here, before anything is sent.
			if (buildBody && options.body === undefined) options.body = buildBody();
			const answer = await exchange(ctx, options, connection, decrypted, write, settings.timeoutMs);
			const status = answer.response?.statusCode ?? 0;
			// A whole 2xx answer held unread; its envelope is classified when it is opened.
			if (hold && !write && !answer.cut && status >= 200 && status < 300)
				return { held: answer, startedAt };
			const result = classify(answer, write);
			if ('data' in result) return { data: result.data };
			// Told before this request's slot goes to the next, which would be sent into the same refusal.
			const next = afterFailure(call, limiter, result.failure, tries, startedAt);
			return { failure: result.failure, next };
		};
		const outcome = await limiter.run(once, bound.maxConcurrency, settings.paced === true);
		if ('held' in outcome) return { ...outcome, ...tries, limiter };
		if ('data' in outcome) {
			limiter.succeeded();
			return outcome;
		}
		const { next } = outcome;
		if (next === undefined) throw toNodeError(ctx, outcome.failure, itemIndex, tries.attempt + 1);
		// A pause is waited out in the limiter; a fault backs off on its own.
		if (!next.paused) {
			settings.backoff?.(true);
			try {
				await sleep(next.wait);
			} finally {
				settings.backoff?.(false);
			}
		}
		tries.waited += next.wait;
	}
}
