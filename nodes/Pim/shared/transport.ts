import type {
	FunctionsBase,
	ICredentialsDecrypted,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	JsonObject,
	RequestHelperFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	MAX_ANSWER_BYTES,
	MAX_REDIRECTS,
	originOf,
	readAnswer,
	redirectTarget,
	requestAddress,
	type AnswerProblem,
} from './answer';
import { DOMAIN_HELP, resolveConnection, type PimConnection } from './connection';
import { AccountBound, limiterFor, type Bound, type Limiter } from './limiter';
import {
	REQUEST_HEADERS,
	RETRY_POLICY,
	type ClientSettings,
	type ReliabilitySettings,
} from './policy';

/** Any n8n context that can make authenticated requests: node items, pagination, dropdowns, polls. */
export type PimContext = Pick<FunctionsBase, 'getNode' | 'getCredentials'> & {
	helpers: Pick<RequestHelperFunctions, 'httpRequestWithAuthentication'>;
	/** A node run's contexts have it: the credential is read once per run. */
	getExecuteData?: () => unknown;
};

export const CREDENTIAL_TYPE = 'pimApi';

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

/** The common response envelope of the interface. */
export interface Envelope {
	status?: unknown;
	message?: unknown;
	data?: unknown;
	status_code?: unknown;
}

const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host name not found',
	EAI_AGAIN: 'host name lookup failed',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ECONNRESET: 'connection closed before an answer',
	ECONNABORTED: 'connection aborted',
	EPIPE: 'connection broken while sending',
};

export interface Attempt {
	response?: IN8nHttpFullResponse;
	/** Low-level error code when no response came back. */
	networkCode?: string;
	networkMessage?: string;
	/** The attempt's Timeout, for messages. */
	timeoutMs?: number;
	/** The answer's headers came, but its body did not arrive whole (see answer.ts). */
	cut?: AnswerProblem;
	/** The PIM answered with a redirect that was not followed (see exchange below). */
	redirect?: { status: number; to: string; reason: 'otherOrigin' | 'write' | 'tooMany' };
}

/** A failure with everything needed to decide on a retry and to report it. */
interface Failure {
	retry: boolean;
	/** Server-requested wait (Retry-After) in ms. */
	retryAfterMs?: number;
	httpCode?: number;
	message: string;
	description?: string;
	apiBody?: JsonObject;
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const headers = response.headers as Record<string, unknown>;
	const value = headers[name] ?? headers[name.toLowerCase()];
	return value === undefined || value === null ? undefined : String(value);
}

/** Retry-After in ms, from either form the HTTP standard allows (seconds or an HTTP date). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
	if (!value) return undefined;
	const trimmed = value.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(parseFloat(trimmed) * 1000);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}

/** Exponential backoff with full jitter: spreads retries of many items over time. */
export function backoffMs(attempt: number): number {
	const { baseMs, capMs } = RETRY_POLICY.backoff;
	const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
	return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

// n8n replaces a socket error's message with its own wording and may drop the code; these
// phrases (n8n's texts and the raw ones it keeps in `messages`) map back to the code.
const PHRASES: Array<[RegExp, string]> = [
	[/socket hang up|closed unexpectedly|ECONNRESET/i, 'ECONNRESET'],
	[/timeout of \d+ms exceeded|timed out|ETIMEDOUT|ESOCKETTIMEDOUT/i, 'ETIMEDOUT'],
	[/was aborted|ECONNABORTED/i, 'ECONNABORTED'],
	[/refused the connection|ECONNREFUSED/i, 'ECONNREFUSED'],
	[/incorrect host|ENOTFOUND/i, 'ENOTFOUND'],
	[/host is unreachable|EHOSTUNREACH/i, 'EHOSTUNREACH'],
	[/DNS server returned an error|EAI_AGAIN/i, 'EAI_AGAIN'],
	[/EPIPE/, 'EPIPE'],
];

/** The socket error code behind a failed request, from n8n's wrapped error. */
export function networkCodeOf(error: unknown): { code?: string; message: string } {
	const e = error as {
		code?: unknown;
		message?: unknown;
		messages?: unknown;
		cause?: { code?: unknown; message?: unknown };
	};
	const message = String(e?.message ?? 'Request failed');
	for (const candidate of [e?.code, e?.cause?.code]) {
		if (typeof candidate === 'string' && /^E[A-Z_]+$/.test(candidate))
			return { code: candidate, message };
	}
	const texts = [message, e?.cause?.message, ...(Array.isArray(e?.messages) ? e.messages : [])].map(
		(t) => String(t ?? ''),
	);
	for (const [pattern, code] of PHRASES) {
		if (texts.some((t) => pattern.test(t))) return { code, message };
	}
	return { message };
}

function parseBody(body: unknown): { envelope?: Envelope; text?: string } {
	if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body))
		return { envelope: body as Envelope };
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
	if (text.trim() === '') return { text: '' };
	try {
		const parsed = JSON.parse(text) as unknown;
		if (parsed !== null && typeof parsed === 'object') return { envelope: parsed as Envelope };
	} catch {
		// Not JSON: reported below with the start of the body.
	}
	return { text };
}

function describeValidation(data: unknown): string | undefined {
	const errors = (data as { errors?: unknown })?.errors ?? data;
	if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
	const lines = Object.entries(errors as Record<string, unknown>).map(
		([field, messages]) =>
			`${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
	);
	return lines.length ? lines.join('; ') : undefined;
}

const MAX_ANSWER_MB = MAX_ANSWER_BYTES / 1024 / 1024;

/** Why a redirect was not followed: the token never leaves the Base URL's origin. */
function redirectFailure(redirect: NonNullable<Attempt['redirect']>, write: boolean): Failure {
	const check =
		"Check the credential's Base URL: it must be the address the PIM's API answers at itself (scheme, host and port).";
	const message =
		redirect.reason === 'otherOrigin'
			? `The PIM redirected the request to another address (${redirect.to}); it was not followed, so the token was not sent there`
			: redirect.reason === 'write'
				? `The PIM answered the change with a redirect (HTTP ${redirect.status}); the change was not sent again`
				: `The PIM redirected the request more than ${MAX_REDIRECTS} times; stopped following`;
	return {
		retry: false,
		httpCode: redirect.status,
		message,
		description:
			write && redirect.reason !== 'write'
				? `${check} The change was not sent to the other address.`
				: write
					? `${check} Depending on the PIM, the change may or may not have been applied.`
					: check,
	};
}

/** Turns one attempt into data or a classified failure. Pure: unit-tested directly. */
export function classify(
	attempt: Attempt,
	write: boolean,
): { data: unknown; envelope: Envelope } | { failure: Failure } {
	if (attempt.redirect) return { failure: redirectFailure(attempt.redirect, write) };
	const timeout = attempt.timeoutMs !== undefined ? ` (${attempt.timeoutMs} ms)` : '';
	const mayHaveApplied =
		'The connection failed after the request was sent, so the change may or may not have been applied. It was not repeated, to avoid applying it twice.';
	if (!attempt.response) {
		const code = attempt.networkCode;
		const notSent = code !== undefined && RETRY_POLICY.notSent.has(code);
		const transient = code !== undefined && RETRY_POLICY.transient.has(code);
		// Worded without the raw code: n8n swaps messages containing one for its own text.
		// "Could not be reached" only when no connection was made.
		const message =
			code === 'ETIMEDOUT'
				? `The PIM did not answer within the Timeout${timeout}`
				: notSent
					? `The PIM could not be reached: ${NETWORK_WORDS[code]}`
					: transient
						? `The connection to the PIM failed: ${NETWORK_WORDS[code] ?? 'network error'}`
						: 'The request to the PIM failed: network error';
		return {
			failure: {
				retry: notSent || (!write && transient),
				message,
				description: write && transient ? mayHaveApplied : attempt.networkMessage,
			},
		};
	}
	if (attempt.cut) {
		const { statusCode } = attempt.response;
		const message =
			attempt.cut === 'deadline'
				? `The PIM's answer did not complete within the Timeout${timeout}`
				: attempt.cut === 'tooLarge'
					? `The PIM's answer is larger than ${MAX_ANSWER_MB} MB`
					: "The connection closed before the PIM's answer was complete";
		return {
			failure: {
				// A read may be asked again; a write was received, so it may have been applied.
				retry: !write && RETRY_POLICY.cutAnswersRetried.has(attempt.cut),
				httpCode: statusCode,
				message,
				description: write
					? 'The PIM started answering the change, so it may have been applied. It was not repeated, to avoid applying it twice.'
					: attempt.cut === 'tooLarge'
						? 'Stopped reading to keep n8n within its memory; check that the Base URL points at the PIM, or lower the Page Size.'
						: 'The PIM started to answer (HTTP ' +
							statusCode +
							') but the body did not arrive whole. Raise the Timeout under Options if the PIM is slow.',
			},
		};
	}

	const { statusCode } = attempt.response;
	const retryAfterMs = parseRetryAfter(header(attempt.response, 'retry-after'));
	const { envelope, text } = parseBody(attempt.response.body);

	if (!envelope) {
		const snippet = (text ?? '').replace(/\s+/g, ' ').slice(0, 120);
		const ok = statusCode >= 200 && statusCode < 300;
		return {
			failure: {
				// Refused for load means "not processed"; any read can be repeated.
				retry: RETRY_POLICY.refusedForLoad.has(statusCode) || !write,
				retryAfterMs,
				httpCode: statusCode,
				message:
					text === ''
						? `The PIM answered HTTP ${statusCode} with an empty body`
						: `The PIM answered HTTP ${statusCode} with a body that is not JSON`,
				description:
					ok && write
						? `The change may have been applied. Body starts with: ${snippet}`
						: snippet
							? `Body starts with: ${snippet}`
							: undefined,
			},
		};
	}

	const apiStatusCode = Number(envelope.status_code);
	const failedInBody =
		envelope.status === false || envelope.status === 'false' || envelope.status === 0;
	const httpOk = statusCode >= 200 && statusCode < 300;
	if (httpOk && !failedInBody) return { data: envelope.data, envelope };

	// A failure reported in the body of an HTTP 200 carries its real status in `status_code`.
	const code = !httpOk
		? statusCode
		: Number.isFinite(apiStatusCode) && apiStatusCode >= 400
			? apiStatusCode
			: statusCode;
	const apiMessage =
		typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined;
	let description = describeValidation(envelope.data);
	if (code === 401 || code === 403) {
		description = [description, 'Check the Token and Domain of the PIM credential.']
			.filter(Boolean)
			.join(' ');
	}
	return {
		failure: {
			retry:
				RETRY_POLICY.refusedForLoad.has(code) || (!write && code >= RETRY_POLICY.readsRetriedFrom),
			retryAfterMs,
			httpCode: code,
			message: apiMessage ?? `The PIM answered HTTP ${code}`,
			description,
			apiBody: {
				message: apiMessage ?? null,
				status_code: Number.isFinite(apiStatusCode) ? apiStatusCode : code,
			},
		},
	};
}

function toNodeError(
	ctx: PimContext,
	failure: Failure,
	itemIndex: number | undefined,
	attempts: number,
) {
	const note = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	// Built from our own fields only: the transport error carries request headers (the token).
	return new NodeApiError(ctx.getNode(), failure.apiBody ?? { message: failure.message }, {
		message: failure.message + note,
		description: failure.description,
		httpCode: failure.httpCode !== undefined ? String(failure.httpCode) : undefined,
		itemIndex,
	});
}

/** The credential of one context and item: checked, and as n8n decrypted it. */
interface ResolvedCredential {
	connection: PimConnection;
	decrypted: ICredentialsDecrypted;
}

/**
 * The credential is read once per node run, as n8n's own declarative engine reads it (routing-node
 * resolves it once per run, with item 0): in n8n every `getCredentials` loads the credential from
 * the database, decrypts it and resolves its expressions (about 1-2 ms of CPU each), which at
 * 50 000 items was seconds. Contexts without a run (a dropdown, a poll) read it once per context
 * and item. Keyed by the run's execute data or the context, so nothing outlives them.
 */
const resolved = new WeakMap<object, Map<number, Promise<ResolvedCredential>>>();

function resolveCredential(ctx: PimContext, itemIndex?: number): Promise<ResolvedCredential> {
	const run = ctx.getExecuteData?.() as object | undefined;
	const owner = run ?? ctx;
	let perItem = resolved.get(owner);
	if (!perItem) {
		perItem = new Map();
		resolved.set(owner, perItem);
	}
	const key = run ? 0 : (itemIndex ?? -1);
	let promise = perItem.get(key);
	if (!promise) {
		promise = (async () => {
			const credentials = await ctx.getCredentials(CREDENTIAL_TYPE, run ? 0 : itemIndex);
			const result = resolveConnection(credentials);
			if (result.problem) throw new CredentialProblem(result.problem.message);
			const details = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
			return {
				connection: result.connection,
				decrypted: {
					id: details?.id ?? '',
					name: details?.name ?? '',
					type: CREDENTIAL_TYPE,
					data: credentials,
				},
			};
		})();
		perItem.set(key, promise);
		// A failed read (the database, say) is tried again by the next request, not remembered; a
		// credential that is wrong stays wrong for the run.
		const items = perItem;
		promise.catch((error: unknown) => {
			if (!(error instanceof CredentialProblem)) items.delete(key);
		});
	}
	return promise.catch((error: unknown) => {
		// A problem of the credential itself is each item's own error, naming the item.
		if (error instanceof CredentialProblem)
			throw new NodeOperationError(ctx.getNode(), error.message, { itemIndex });
		throw error;
	});
}

class CredentialProblem extends Error {}

/** The PIM as one run sees it: made once and passed on instead of context, bound and settings. */
export interface PimClient {
	/** The n8n context the requests are made from; errors name its node. */
	readonly ctx: PimContext;
	readonly settings: ClientSettings;
	/** The input item of a node run: its credential is used, and errors name it. */
	readonly itemIndex?: number;
	/** The checked credential (read once per context and item); problems are node errors. */
	connection(): Promise<PimConnection>;
	/** Sends one request (see send below) and returns the envelope's `data`. */
	request(request: PimRequest): Promise<unknown>;
}

/**
 * A client for one run: one input item of a node (operations.ts, runClient), a dropdown
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
	return {
		ctx,
		settings,
		itemIndex,
		connection: async () => (await resolveCredential(ctx, itemIndex)).connection,
		request: async (request) => await send(ctx, request, bound, settings, itemIndex),
	};
}

/**
 * One attempt: the request and the redirects it may follow, its answer read whole. The token
 * goes only to the Base URL's origin: n8n is told not to follow redirects (it would carry the
 * `token` header along, which redirect handling does not strip as it strips Authorization), and
 * a redirect is followed here only for a read, within that origin, MAX_REDIRECTS times. The
 * Timeout covers the whole exchange, body included.
 */
async function exchange(
	ctx: PimContext,
	options: IHttpRequestOptions,
	connection: PimConnection,
	decrypted: ICredentialsDecrypted,
	write: boolean,
	timeoutMs: number,
): Promise<Attempt> {
	const deadline = AbortSignal.timeout(timeoutMs);
	const origin = originOf(connection.baseUrl);
	let current: IHttpRequestOptions = options;
	let asked = requestAddress(connection.baseUrl, options.url, options.qs);
	for (let hop = 0; ; hop++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx as never,
				CREDENTIAL_TYPE,
				{ ...current, headers: { ...current.headers }, abortSignal: deadline },
				// The credential read by send: n8n would otherwise load and decrypt it again for every request.
				{ credentialsDecrypted: decrypted },
			)) as IN8nHttpFullResponse;
		} catch (error) {
			if (deadline.aborted) return { networkCode: 'ETIMEDOUT', timeoutMs };
			const { code, message } = networkCodeOf(error);
			return {
				networkCode: code,
				networkMessage: message.split(connection.token).join('***'),
				timeoutMs,
			};
		}

		const target = redirectTarget(response, asked);
		if (target) {
			discard(response.body);
			const status = response.statusCode;
			if (target.origin !== origin)
				return { redirect: { status, to: target.origin, reason: 'otherOrigin' } };
			if (write) return { redirect: { status, to: target.origin, reason: 'write' } };
			if (hop >= MAX_REDIRECTS)
				return { redirect: { status, to: target.origin, reason: 'tooMany' } };
			// The Location carries its own query; a 303 asks for a GET, the others keep the method.
			asked = target.toString();
			current = { ...current, url: asked, qs: undefined };
			if (status === 303) current.method = 'GET';
			continue;
		}

		const answer = await readAnswer(response.body, deadline);
		if (answer.problem)
			return { response: { ...response, body: '' }, cut: answer.problem, timeoutMs };
		return { response: { ...response, body: answer.body as IN8nHttpFullResponse['body'] } };
	}
}

/** Lets go of the body of an answer that is not read (a redirect's). */
function discard(body: unknown): void {
	const stream = body as { destroy?: () => void } | null;
	if (stream && typeof stream.destroy === 'function') stream.destroy();
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
	bound: Bound,
	settings: ReliabilitySettings,
	itemIndex: number | undefined,
): Promise<unknown> {
	const { connection, decrypted } = await resolveCredential(ctx, itemIndex);
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
		const outcome = await limiter.run(async (startedAt) => {
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
			if (refusedForLoad(failure)) limiter.refused(startedAt);
			if (retry && pausesAccount(failure)) limiter.pause(wait);
			return { failure, wait: retry ? wait : undefined };
		}, bound.maxConcurrency);
		if ('data' in outcome) {
			limiter.succeeded();
			return outcome.data;
		}
		if (outcome.wait === undefined) throw toNodeError(ctx, outcome.failure, itemIndex, attempt + 1);
		// A pause is waited out in the limiter; other failures back off on their own.
		if (!pausesAccount(outcome.failure)) await sleep(outcome.wait);
		waited += outcome.wait;
	}
}

function refusedForLoad(failure: Failure): boolean {
	return failure.httpCode !== undefined && RETRY_POLICY.refusedForLoad.has(failure.httpCode);
}

/** The server asked for room: see RETRY_POLICY.pausesAccount. */
function pausesAccount(failure: Failure): boolean {
	return (
		(failure.httpCode !== undefined && RETRY_POLICY.pausesAccount.has(failure.httpCode)) ||
		failure.retryAfterMs !== undefined
	);
}
