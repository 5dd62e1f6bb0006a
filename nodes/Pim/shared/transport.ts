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
	 * Serialised form body (see serializer.ts), or a function that builds it (checking the
	 * parameters) when this request's turn in the limiter comes. n8n prepares every input item
	 * before it sends the first request; work deferred to the turn overlaps with sending instead
	 * (bench/analysis.md, scenario 2).
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
	/**
	 * The checked credential (read once per run, or per context and item); problems are node
	 * errors. Once read, given as it is (Later).
	 */
	connection(): Later<PimConnection>;
	/** Sends one request (see send below) and returns the envelope's `data`. */
	request(request: PimRequest): Promise<unknown>;
	/**
	 * Sends one read now and holds its answer unread: `open()` reads it (and, when the envelope
	 * reports a failure, goes on with the same retries as request()) and returns its `data`.
	 * A list read ahead keeps its pages as bytes until their turn: a page parsed on arrival and
	 * then waiting would outlive young-generation collections and fill V8's old space
	 * (bench/analysis.md, "The catalogue's read in real n8n").
	 */
	readAhead(request: PimRequest): Promise<HeldAnswer>;
}

/** An answer received and not yet read (see PimClient.readAhead). */
export interface HeldAnswer {
	open(): Promise<unknown>;
}

/**
 * A client for one run: one input item of a node (runners.ts, runClient), a dropdown
 * (methods/client.ts) or a trigger poll. `limiter`: a limiter of its own instead of the
 * account's shared one (tests).
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
	return {
		ctx,
		settings,
		itemIndex,
		connection: () => andThen(credential(), (read) => read.connection),
		request: async (request) => {
			const sent = await send({ ctx, request, credential, bound, settings, itemIndex }, false);
			return sent.data;
		},
		readAhead: async (request) => {
			const call = { ctx, request, credential, bound, settings, itemIndex };
			const sent = await send(call, true);
			return { open: async () => ('held' in sent ? await open(call, sent) : sent.data) };
		},
	};
}

/** One request as send() makes it: what is asked, by whom, under which bound and settings. */
interface Call {
	ctx: PimContext;
	request: PimRequest;
	credential: () => Later<ResolvedCredential>;
	bound: Bound;
	settings: ClientSettings;
	itemIndex: number | undefined;
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
	| { failure: ClassifiedFailure; wait: number | undefined };

/**
 * What the send loop does after a failed attempt: tells the account's limiter, and returns how
 * long to wait before the next attempt (undefined: no further attempt). Refused for load: fewer
 * requests in flight; asked for room (a pause): every request to the account waits.
 */
function afterFailure(
	limiter: Limiter,
	failure: ClassifiedFailure,
	tries: Tries,
	settings: ClientSettings,
	startedAt: number,
): number | undefined {
	const wait = failure.retryAfterMs ?? backoffMs(tries.attempt);
	const retry =
		failure.retry &&
		tries.attempt < settings.maxRetries &&
		tries.waited + wait <= settings.maxRetryWaitMs;
	if (failure.refusedForLoad) limiter.refused(startedAt);
	if (retry && failure.pausesAccount) limiter.pause(wait);
	return retry ? wait : undefined;
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
	const wait = afterFailure(sent.limiter, result.failure, sent, call.settings, sent.startedAt);
	if (wait === undefined)
		throw toNodeError(call.ctx, result.failure, call.itemIndex, sent.attempt + 1);
	if (!result.failure.pausesAccount) await sleep(wait);
	const next = { attempt: sent.attempt + 1, waited: sent.waited + wait };
	return (await send(call, false, next)).data;
}

/**
 * The one way this package talks to the PIM: validates the credential, bounds concurrency,
 * retries what is safe to retry (honouring Retry-After), and turns every failure, including a
 * `status: false` body on HTTP 200, into a NodeApiError with the API's own message.
 * Returns the envelope's `data`; with `hold`, a read's whole 2xx answer unread (see open()).
 * `from`: the attempts already made, when open() goes on after a failure it read.
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

	// Shared with every execution, dropdown and poll of this account in this process.
	const limiter = limiterFor(bound, connection);
	const write = request.write === true;
	for (const tries = { ...from }; ; tries.attempt++) {
		const once = async (startedAt: number): Promise<Turn> => {
			// Built once, in the first turn; a bad parameter throws here, before anything is sent.
			if (buildBody && options.body === undefined) options.body = buildBody();
			const answer = await exchange(ctx, options, connection, decrypted, write, settings.timeoutMs);
			const status = answer.response?.statusCode ?? 0;
			// A whole 2xx answer held unread; its envelope is classified when it is opened.
			if (hold && !write && !answer.cut && status >= 200 && status < 300)
				return { held: answer, startedAt };
			const result = classify(answer, write);
			if ('data' in result) return { data: result.data };
			// Told before this request's slot goes to the next request, which would otherwise be
			// sent into the same refusal.
			const wait = afterFailure(limiter, result.failure, tries, settings, startedAt);
			return { failure: result.failure, wait };
		};
		const outcome = await limiter.run(once, bound.maxConcurrency, settings.paced === true);
		if ('held' in outcome) return { ...outcome, ...tries, limiter };
		if ('data' in outcome) {
			limiter.succeeded();
			return outcome;
		}
		if (outcome.wait === undefined)
			throw toNodeError(ctx, outcome.failure, itemIndex, tries.attempt + 1);
		// A pause is waited out in the limiter; other failures back off on their own.
		if (!outcome.failure.pausesAccount) await sleep(outcome.wait);
		tries.waited += outcome.wait;
	}
}
