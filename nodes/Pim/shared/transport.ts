import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { exchange, type PimContext } from './attempt';
import { DOMAIN_HELP, type PimConnection } from './connection';
import { credentialOf, type ResolvedCredential } from './credential';
import { backoffMs, classify, toNodeError } from './failures';
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
		request: async (request) => await send(ctx, request, credential, bound, settings, itemIndex),
	};
}

/**
 * The one way this package talks to the PIM: validates the credential, bounds concurrency,
 * retries what is safe to retry (honouring Retry-After), and turns every failure, including a
 * `status: false` body on HTTP 200, into a NodeApiError with the API's own message.
 * Returns the envelope's `data`.
 */
async function send(
	ctx: PimContext,
	request: PimRequest,
	credential: () => Later<ResolvedCredential>,
	bound: Bound,
	settings: ClientSettings,
	itemIndex: number | undefined,
): Promise<unknown> {
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
	let waited = 0;
	for (let attempt = 0; ; attempt++) {
		const once = async (startedAt: number) => {
			// Built once, in the first turn; a bad parameter throws here, before anything is sent.
			if (buildBody && options.body === undefined) options.body = buildBody();
			const result = classify(
				await exchange(
					ctx,
					options,
					connection,
					decrypted,
					request.write === true,
					settings.timeoutMs,
				),
				request.write === true,
			);
			if ('data' in result) return { ...result, wait: undefined };
			const { failure } = result;
			const wait = failure.retryAfterMs ?? backoffMs(attempt);
			const retry =
				failure.retry && attempt < settings.maxRetries && waited + wait <= settings.maxRetryWaitMs;
			// Told before this request's slot goes to the next request, which would otherwise be
			// sent into the same refusal. Refused for load: fewer requests in flight; asked for
			// room: every request to the account waits, not just this one.
			if (failure.refusedForLoad) limiter.refused(startedAt);
			if (retry && failure.pausesAccount) limiter.pause(wait);
			return { failure, wait: retry ? wait : undefined };
		};
		const outcome = await limiter.run(once, bound.maxConcurrency, settings.paced === true);
		if ('data' in outcome) {
			limiter.succeeded();
			return outcome.data;
		}
		if (outcome.wait === undefined) throw toNodeError(ctx, outcome.failure, itemIndex, attempt + 1);
		// A pause is waited out in the limiter; other failures back off on their own.
		if (!outcome.failure.pausesAccount) await sleep(outcome.wait);
		waited += outcome.wait;
	}
}
