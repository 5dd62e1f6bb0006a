import type { IN8nHttpFullResponse } from 'n8n-workflow';

import { parseUrl } from './connection';

/**
 * What one HTTP exchange with the PIM may do, whatever the server sends back: how far a
 * redirect may lead, how long and how large an answer may be. transport.ts applies these to
 * every request of the package (operations, dropdowns, the mapper's field list, trigger polls).
 */

/** Same-origin redirects followed for one read; more is a loop or a misconfigured server. */
export const MAX_REDIRECTS = 3;

/**
 * Largest answer read, in bytes. A page of 1000 products with a few hundred attributes each is
 * a few MB; a server sending far more is broken or hostile, and n8n would keep it all in memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

/**
 * Where a redirect answer points, resolved against the address that was asked; undefined when
 * the answer is not a redirect (or names no valid Location).
 */
export function redirectTarget(response: IN8nHttpFullResponse, asked: string): URL | undefined {
	if (!REDIRECT_CODES.has(response.statusCode)) return undefined;
	const headers = response.headers as Record<string, unknown>;
	const location = headers.location ?? headers.Location;
	if (typeof location !== 'string' || !location.trim()) return undefined;
	return parseUrl(location.trim(), asked);
}

/** The full address of a request as axios builds it: base URL, path and query. */
export function requestAddress(baseUrl: string, url: string, qs?: Record<string, unknown>): string {
	const address = /^https?:\/\//i.test(url) ? new URL(url) : new URL(baseUrl + url);
	for (const [key, value] of Object.entries(qs ?? {}))
		if (value !== undefined && value !== null) address.searchParams.append(key, String(value));
	return address.toString();
}

/** Why reading an answer's body stopped early. */
export type AnswerProblem = 'deadline' | 'tooLarge' | 'broken';

/** An answer's body read whole, or why it was not. */
export type AnswerBody = { body: unknown; problem?: undefined } | { problem: AnswerProblem };

interface Readable {
	on(event: string, listener: (...args: unknown[]) => void): unknown;
	destroy(error?: Error): unknown;
}

function isReadable(body: unknown): body is Readable {
	return (
		body !== null &&
		typeof body === 'object' &&
		typeof (body as Readable).on === 'function' &&
		typeof (body as Readable).destroy === 'function' &&
		!Buffer.isBuffer(body)
	);
}

/**
 * The body of an answer asked for as a stream: read whole before `signal` (the deadline) aborts
 * and within MAX_ANSWER_BYTES. Anything that is not a stream (a test double, a helper that parsed
 * it) is returned as it is.
 */
export async function readAnswer(body: unknown, signal: AbortSignal): Promise<AnswerBody> {
	if (!isReadable(body)) return { body };
	return await new Promise<AnswerBody>((resolve) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let settled = false;
		const finish = (result: AnswerBody) => {
			if (settled) return;
			settled = true;
			signal.removeEventListener('abort', onAbort);
			if (result.problem) body.destroy();
			resolve(result);
		};
		const onAbort = () => finish({ problem: 'deadline' });
		if (signal.aborted) return onAbort();
		signal.addEventListener('abort', onAbort);
		body.on('data', (chunk: unknown) => {
			const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
			size += buffer.length;
			if (size > MAX_ANSWER_BYTES) return finish({ problem: 'tooLarge' });
			chunks.push(buffer);
		});
		body.on('end', () => finish({ body: Buffer.concat(chunks, size) }));
		// A stream destroyed by the deadline may report it as an error or a close first.
		const cut = () => finish({ problem: signal.aborted ? 'deadline' : 'broken' });
		body.on('error', cut);
		body.on('close', cut);
	});
}
