import type {
	ICredentialsDecrypted,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	RequestHelperFunctions,
} from 'n8n-workflow';

import { MAX_REDIRECTS, readAnswer, redirectTarget, requestAddress } from './answer';
import type { PimConnection } from './connection';
import { CREDENTIAL_TYPE, type CredentialContext } from './credential';
import { networkCodeOf, type Attempt } from './failures';

/** Any n8n context that can make authenticated requests: node items, pagination, dropdowns, polls. */
export type PimContext = CredentialContext & {
	helpers: Pick<RequestHelperFunctions, 'httpRequestWithAuthentication'>;
	/** A node run's contexts have it: aborted when the execution is cancelled. */
	getExecutionCancelSignal?: () => AbortSignal | undefined;
};

/**
 * Exchanges that start within the same DEADLINE_STEP_MS share one timer, set that much past the
 * Timeout: none is cut before its Timeout, none more than DEADLINE_STEP_MS after it. A timer per
 * exchange would live for the whole Timeout: at hundreds of writes a second, tens of thousands of
 * them, moved to V8's old space (bench/analysis.md, the first import). Each exchange still gets a
 * signal of its own, so no signal gathers more listeners than one exchange adds.
 */
const DEADLINE_STEP_MS = 1000;

class SharedDeadline {
	private readonly watching = new Set<AbortController>();
	private passed = false;
	/** Held here so it lives as long as an exchange holds this deadline (its timer holds it weakly). */
	private readonly timer: AbortSignal;

	constructor(
		readonly step: number,
		ms: number,
	) {
		this.timer = AbortSignal.timeout(ms);
		this.timer.addEventListener(
			'abort',
			() => {
				this.passed = true;
				for (const controller of this.watching) controller.abort();
				this.watching.clear();
			},
			{ once: true },
		);
	}

	/** A signal aborted when this deadline passes; `release` it when the exchange is over. */
	watch(): { signal: AbortSignal; release: () => void } {
		const controller = new AbortController();
		if (this.passed) controller.abort();
		else this.watching.add(controller);
		return { signal: controller.signal, release: () => this.watching.delete(controller) };
	}
}

/** The deadline of the current step for this Timeout. */
const deadlines = new Map<number, SharedDeadline>();

function deadlineFor(timeoutMs: number): SharedDeadline {
	const step = Math.floor(Date.now() / DEADLINE_STEP_MS);
	let shared = deadlines.get(timeoutMs);
	if (shared?.step !== step) {
		shared = new SharedDeadline(step, timeoutMs + DEADLINE_STEP_MS);
		deadlines.set(timeoutMs, shared);
	}
	return shared;
}

/**
 * One attempt: the request and the redirects it may follow, its answer read whole within the
 * Timeout (deadlineFor). n8n follows no redirect (it would carry the `token` header, which it does
 * not strip as it strips Authorization); one is followed here only for a read, within the Base
 * URL's origin, MAX_REDIRECTS times.
 */
export async function exchange(
	ctx: PimContext,
	options: IHttpRequestOptions,
	connection: PimConnection,
	decrypted: ICredentialsDecrypted,
	write: boolean,
	timeoutMs: number,
): Promise<Attempt> {
	const { signal: deadline, release } = deadlineFor(timeoutMs).watch();
	try {
		const origin = new URL(connection.baseUrl).origin;
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
				const stream = response.body as { destroy?: unknown } | null;
				if (typeof stream?.destroy === 'function') stream.destroy();
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
	} finally {
		release();
	}
}
