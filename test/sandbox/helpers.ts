/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, never published; n8n Cloud runtime rules for community-node code do not apply */
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON responses */
/** HTTP helpers for the sandbox tests (global fetch of Node 20). */

export const API = '/api/integration';

/** `YYYY-MM-DD HH:MM:SS` */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** ISO 8601 UTC with microseconds */
export const ISO_MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface CallOptions {
	/** Default `demo-token`; null = no header. */
	token?: string | null;
	/** Default `demo`; null = no header. */
	domain?: string | null;
	query?: string | Record<string, string>;
	/** urlencoded body: a ready string, or pairs/record encoded with URLSearchParams */
	form?: string | Array<[string, string]> | Record<string, string>;
	json?: unknown;
	body?: string | FormData;
	contentType?: string;
	headers?: Record<string, string>;
}

export interface CallResult {
	status: number;
	headers: Headers;
	text: string;
	json: any;
}

/** Calls `base + /api/integration + path` (or `base + path` when path starts with `/`). */
export async function call(
	base: string,
	method: string,
	path: string,
	opts: CallOptions = {},
): Promise<CallResult> {
	const headers: Record<string, string> = { ...(opts.headers ?? {}) };
	const token = opts.token === undefined ? 'demo-token' : opts.token;
	const domain = opts.domain === undefined ? 'demo' : opts.domain;
	if (token !== null) headers.token = token;
	if (domain !== null) headers['x-domain'] = domain;
	let body: string | FormData | undefined;
	if (opts.form !== undefined) {
		body = typeof opts.form === 'string' ? opts.form : new URLSearchParams(opts.form).toString();
		headers['content-type'] = 'application/x-www-form-urlencoded';
	} else if (opts.json !== undefined) {
		body = JSON.stringify(opts.json);
		headers['content-type'] = 'application/json';
	} else if (opts.body !== undefined) {
		body = opts.body;
	}
	if (opts.contentType) headers['content-type'] = opts.contentType;
	let url = base + (path.startsWith('/') ? path : `${API}/${path}`);
	if (opts.query !== undefined) {
		const qs =
			typeof opts.query === 'string' ? opts.query : new URLSearchParams(opts.query).toString();
		if (qs) url += (url.includes('?') ? '&' : '?') + qs;
	}
	const res = await fetch(url, { method, headers, body });
	const text = await res.text();
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json };
}

export const get = (base: string, path: string, opts?: CallOptions): Promise<CallResult> =>
	call(base, 'GET', path, opts);
export const post = (base: string, path: string, opts?: CallOptions): Promise<CallResult> =>
	call(base, 'POST', path, opts);
export const put = (base: string, path: string, opts?: CallOptions): Promise<CallResult> =>
	call(base, 'PUT', path, opts);

/** Asserts the common envelope and returns data. */
export function expectEnvelope(res: CallResult, status = 200): unknown {
	expect(res.json).toBeDefined();
	const keys = Object.keys(res.json).sort();
	expect(keys).toEqual(['data', 'message', 'status', 'status_code', 'time']);
	expect(res.status).toBe(status);
	expect(res.json.status_code).toBe(status);
	expect(res.json.status).toBe(status === 200);
	expect(typeof res.json.message).toBe('string');
	expect(res.json.message.length).toBeGreaterThan(0);
	expect(res.json.time).toMatch(ISO_MICRO);
	return res.json.data;
}

/** Admin helper: plain JSON */
export async function admin(
	base: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; json: any }> {
	const res = await fetch(base + '/__admin' + path, {
		method,
		headers: body !== undefined ? { 'content-type': 'application/json' } : {},
		body: body !== undefined ? JSON.stringify(body) : undefined,
	});
	const text = await res.text();
	return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}
