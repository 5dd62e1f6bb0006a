import type {
	ICredentialsDecrypted,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	RequestHelperFunctions,
} from 'n8n-workflow';

import { MAX_REDIRECTS, originOf, readAnswer, redirectTarget, requestAddress } from './answer';
import type { PimConnection } from './connection';
import { CREDENTIAL_TYPE, type CredentialContext } from './credential';
import { networkCodeOf, type Attempt } from './failures';

/** Any n8n context that can make authenticated requests: node items, pagination, dropdowns, polls. */
export type PimContext = CredentialContext & {
	helpers: Pick<RequestHelperFunctions, 'httpRequestWithAuthentication'>;
};

/**
 * One attempt: the request and the redirects it may follow, its answer read whole. The token
 * goes only to the Base URL's origin: n8n is told not to follow redirects (it would carry the
 * `token` header along, which redirect handling does not strip as it strips Authorization), and
 * a redirect is followed here only for a read, within that origin, MAX_REDIRECTS times. The
 * Timeout covers the whole exchange, body included.
 */
export async function exchange(
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
