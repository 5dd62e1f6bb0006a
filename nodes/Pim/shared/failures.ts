import type { FunctionsBase, IN8nHttpFullResponse, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MAX_ANSWER_BYTES, MAX_REDIRECTS, type AnswerProblem } from './answer';
import { RETRY_POLICY, type FailureSignal } from './policy';

/**
 * A failed attempt classified (retried or not, by RETRY_POLICY in policy.ts), worded for the
 * user, and made the node's error. Pure: unit-tested directly.
 */

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
export interface Failure {
	retry: boolean;
	/** Server-requested wait (Retry-After) in ms. */
	retryAfterMs?: number;
	httpCode?: number;
	message: string;
	description?: string;
	apiBody?: JsonObject;
	/**
	 * A write whose answer was lost after it was sent (the connection failed, the answer was cut
	 * or unreadable): the PIM may or may not have applied it, and only a read can tell.
	 */
	answerLost?: boolean;
}

/** Retry-After in ms, from either form the HTTP standard allows (seconds or an HTTP date). */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
	if (value === undefined || value === null) return undefined;
	const trimmed = String(value).trim();
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
	for (const candidate of [e?.code, e?.cause?.code])
		if (typeof candidate === 'string' && /^E[A-Z_]+$/.test(candidate))
			return { code: candidate, message };
	const texts = [message, e?.cause?.message, ...(Array.isArray(e?.messages) ? e.messages : [])].map(
		(t) => String(t ?? ''),
	);
	for (const [pattern, code] of PHRASES)
		if (texts.some((t) => pattern.test(t))) return { code, message };
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

/** A failure as the send loop acts on it: what it says, and what it tells the account's limiter. */
export interface ClassifiedFailure extends Failure {
	/** A rate limit, a busy answer or a fault (RETRY_POLICY.rateLimits, .busy; limiter.ts, failed()). */
	signal: FailureSignal;
}

/** Turns one attempt into data or a failure classified for the send loop. */
export function classify(
	attempt: Attempt,
	write: boolean,
): { data: unknown } | { failure: ClassifiedFailure } {
	const outcome = outcomeOf(attempt, write);
	if (!('failure' in outcome)) return outcome;
	const code = outcome.failure.httpCode ?? 0;
	// A Retry-After on any other answer is that request's own delay: it does not signal load.
	const signal: FailureSignal = RETRY_POLICY.rateLimits.has(code)
		? 'rateLimit'
		: RETRY_POLICY.busy.has(code)
			? 'busy'
			: 'fault';
	return { failure: { ...outcome.failure, signal } };
}

/** An attempt as data or a failure: a redirect, no answer, a cut answer, an answer, in turn. */
function outcomeOf(attempt: Attempt, write: boolean): { data: unknown } | { failure: Failure } {
	if (attempt.redirect) return { failure: redirectFailure(attempt.redirect, write) };
	const timeout = attempt.timeoutMs !== undefined ? ` (${attempt.timeoutMs} ms)` : '';
	if (!attempt.response) return { failure: networkFailure(attempt, write, timeout) };
	const { statusCode } = attempt.response;
	if (attempt.cut) return { failure: cutFailure(attempt.cut, statusCode, write, timeout) };
	const retryAfterMs = parseRetryAfter(
		(attempt.response.headers as Record<string, unknown>)['retry-after'],
	);
	const { envelope, text } = parseBody(attempt.response.body);
	if (!envelope) return { failure: notJsonFailure(statusCode, text, write, retryAfterMs) };
	const failedInBody =
		envelope.status === false || envelope.status === 'false' || envelope.status === 0;
	if (statusCode >= 200 && statusCode < 300 && !failedInBody) return { data: envelope.data };
	return { failure: refusedFailure(envelope, statusCode, write, retryAfterMs) };
}

/**
 * No answer: retried when the request was not sent, a read also on a transient fault (a write's
 * answer is then lost). Worded without the raw code, which n8n would swap for its own text.
 */
function networkFailure(attempt: Attempt, write: boolean, timeout: string): Failure {
	const code = attempt.networkCode;
	const notSent = code !== undefined && RETRY_POLICY.notSent.has(code);
	const transient = code !== undefined && RETRY_POLICY.transient.has(code);
	const message =
		code === 'ETIMEDOUT'
			? `The PIM did not answer within the Timeout${timeout}`
			: notSent
				? `The PIM could not be reached: ${NETWORK_WORDS[code]}`
				: transient
					? `The connection to the PIM failed: ${NETWORK_WORDS[code] ?? 'network error'}`
					: 'The request to the PIM failed: network error';
	const mayHaveApplied =
		'The connection failed after the request was sent, so the change may or may not have been applied. It was not repeated, to avoid applying it twice.';
	return {
		retry: notSent || (!write && transient),
		message,
		description: write && transient ? mayHaveApplied : attempt.networkMessage,
		answerLost: write && transient,
	};
}

/** A cut answer: a read may be asked again; a write was received, so it may have been applied. */
function cutFailure(
	cut: AnswerProblem,
	statusCode: number,
	write: boolean,
	timeout: string,
): Failure {
	const message =
		cut === 'deadline'
			? `The PIM's answer did not complete within the Timeout${timeout}`
			: cut === 'tooLarge'
				? `The PIM's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB`
				: "The connection closed before the PIM's answer was complete";
	return {
		retry: !write && RETRY_POLICY.cutAnswersRetried.has(cut),
		httpCode: statusCode,
		message,
		answerLost: write,
		description: write
			? 'The PIM started answering the change, so it may have been applied. It was not repeated, to avoid applying it twice.'
			: cut === 'tooLarge'
				? 'Stopped reading to keep n8n within its memory; check that the Base URL points at the PIM, or lower the Page Size.'
				: `The PIM started to answer (HTTP ${statusCode}) but the body did not arrive whole. Raise the Timeout under Options if the PIM is slow.`,
	};
}

/**
 * An answer whose body is not JSON (`text`: empty or its text). Retried for any request when not
 * processed, for a read by RETRY_POLICY.notJsonReadsRetried. A 2xx to a write: answer lost.
 */
function notJsonFailure(
	statusCode: number,
	text: string | undefined,
	write: boolean,
	retryAfterMs: number | undefined,
): Failure {
	const snippet = (text ?? '').replace(/\s+/g, ' ').slice(0, 120);
	const ok = statusCode >= 200 && statusCode < 300;
	const rule = RETRY_POLICY.notJsonReadsRetried;
	const readRetried = ok
		? rule.ok
		: statusCode >= RETRY_POLICY.readsRetriedFrom
			? rule.fromServerErrors
			: rule.clientErrors;
	return {
		retry: RETRY_POLICY.notProcessed.has(statusCode) || (!write && readRetried),
		retryAfterMs,
		httpCode: statusCode,
		answerLost: ok && write,
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
	};
}

/**
 * A request the PIM refused, worded with its message and validation errors (a refused token names
 * the credential's fields); retried when not processed, a read from readsRetriedFrom on.
 */
function refusedFailure(
	envelope: Envelope,
	statusCode: number,
	write: boolean,
	retryAfterMs: number | undefined,
): Failure {
	const apiStatusCode = Number(envelope.status_code);
	// A failure reported in the body of an HTTP 200 carries its real status in `status_code`.
	const code =
		statusCode >= 200 && statusCode < 300 && Number.isFinite(apiStatusCode) && apiStatusCode >= 400
			? apiStatusCode
			: statusCode;
	const apiMessage =
		typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined;
	let description = describeValidation(envelope.data);
	if (code === 401 || code === 403)
		description = [description, 'Check the Token and Domain of the PIM credential.']
			.filter(Boolean)
			.join(' ');
	return {
		retry: RETRY_POLICY.notProcessed.has(code) || (!write && code >= RETRY_POLICY.readsRetriedFrom),
		retryAfterMs,
		httpCode: code,
		message: apiMessage ?? `The PIM answered HTTP ${code}`,
		description,
		apiBody: {
			message: apiMessage ?? null,
			status_code: Number.isFinite(apiStatusCode) ? apiStatusCode : code,
		},
	};
}

const LOST_ANSWERS = new WeakSet<object>();

/** Whether the error is a write's whose answer was lost after it was sent (Failure.answerLost). */
export function answerLost(error: unknown): boolean {
	return typeof error === 'object' && error !== null && LOST_ANSWERS.has(error);
}

export function toNodeError(
	ctx: Pick<FunctionsBase, 'getNode'>,
	failure: Failure,
	itemIndex: number | undefined,
	attempts: number,
) {
	const note = attempts > 1 ? ` (after ${attempts} attempts)` : '';
	// Built from our own fields only: the transport error carries request headers (the token).
	const error = new NodeApiError(ctx.getNode(), failure.apiBody ?? { message: failure.message }, {
		message: failure.message + note,
		description: failure.description,
		httpCode: failure.httpCode !== undefined ? String(failure.httpCode) : undefined,
		itemIndex,
	});
	if (failure.answerLost) LOST_ANSWERS.add(error);
	return error;
}

/**
 * A create the PIM refused because the SKU exists (the interface does not say how it answers
 * that: read from the status and the message).
 */
export function refusedAsTaken(error: NodeApiError): boolean {
	const said = `${error.message} ${error.description ?? ''}`;
	return (
		[400, 409, 422].includes(Number(error.httpCode)) &&
		/\bsku\b/i.test(said) &&
		/taken|exist|duplicate|already|unique/i.test(said)
	);
}
