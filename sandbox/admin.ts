/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * Admin endpoints under /__admin (no auth, not logged, never faulted). Plain JSON responses (no envelope).
 */
import type http from 'node:http';
import { flatQuery } from './forms';
import type { FaultEngine } from './faults';
import type { AccountStore } from './store';
import type { AccountSpec, Counters, Faults, ListOrder, LoggedRequest } from './types';
import { LIST_ORDERS } from './types';
import { productInternal } from './wire';

class AdminError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

function reply(res: http.ServerResponse, status: number, value: unknown): void {
	const body = JSON.stringify(value);
	res.writeHead(status, {
		'content-type': 'application/json; charset=utf-8',
		'content-length': String(Buffer.byteLength(body)),
	});
	res.end(body);
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8').trim();
	if (text === '') return {};
	try {
		return JSON.parse(text) as unknown;
	} catch {
		throw new AdminError(400, 'The body must be JSON.');
	}
}

function isObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const RATE_KEYS = [
	'errorRate',
	'statusFalseRate',
	'dropRate',
	'malformedRate',
	'htmlRate',
	'emptyRate',
] as const;

/** Checks the shape of a Faults JSON object (enough to catch typos and wrong types). */
export function validateFaults(v: unknown): Faults {
	if (!isObject(v)) throw new AdminError(400, 'Faults must be a JSON object.');
	const known = new Set([
		'latencyMs',
		'rateLimit',
		'errorStatus',
		'dropPhase',
		'ignoreCurrentPage',
		'script',
		'pathPattern',
		'seed',
		...RATE_KEYS,
	]);
	for (const key of Object.keys(v))
		if (!known.has(key)) throw new AdminError(400, `Unknown fault option '${key}'.`);
	for (const key of RATE_KEYS) {
		const rate = v[key];
		if (rate !== undefined && (typeof rate !== 'number' || rate < 0 || rate > 1))
			throw new AdminError(400, `${key} must be a number between 0 and 1.`);
	}
	for (const key of ['latencyMs', 'errorStatus', 'seed'] as const) {
		if (v[key] !== undefined && typeof v[key] !== 'number')
			throw new AdminError(400, `${key} must be a number.`);
	}
	if (v.rateLimit !== undefined && !isObject(v.rateLimit))
		throw new AdminError(400, 'rateLimit must be an object.');
	const refusal = isObject(v.rateLimit) ? v.rateLimit.status : undefined;
	if (refusal !== undefined && refusal !== 429 && refusal !== 503)
		throw new AdminError(400, 'rateLimit.status must be 429 or 503.');
	if (v.script !== undefined && (!Array.isArray(v.script) || !v.script.every(isObject))) {
		throw new AdminError(400, 'script must be an array of objects.');
	}
	if (v.pathPattern !== undefined) {
		if (typeof v.pathPattern !== 'string')
			throw new AdminError(400, 'pathPattern must be a string.');
		try {
			new RegExp(v.pathPattern);
		} catch {
			throw new AdminError(400, 'pathPattern is not a valid regular expression.');
		}
	}
	return v as Faults;
}

/**
 * What the admin endpoints reach of the sandbox (server.ts's Sandbox), declared here so that
 * this file does not import the server that routes to it.
 */
export interface AdminTarget {
	readonly accounts: ReadonlyMap<string, AccountStore>;
	readonly faults: Pick<FaultEngine, 'current' | 'clear'>;
	readonly counters: Counters;
	readonly clockFrozen: boolean;
	now(): Date;
	setNow(d: Date | null): void;
	addAccount(spec: AccountSpec, isDefault?: boolean): AccountStore;
	clearLog(): void;
	resetCounters(): void;
	setFaults(f: Faults): void;
	reset(): void;
	logSince(since: number): LoggedRequest[];
}

export async function handleAdmin(
	sandbox: AdminTarget,
	req: http.IncomingMessage,
	res: http.ServerResponse,
	path: string,
	rawQuery: string,
): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	const query = flatQuery(rawQuery);
	const parts = path.replace(/\/+$/, '').split('/').slice(2); // after '', '__admin'
	const route = parts.join('/');
	const methodNotAllowed = (): never => {
		throw new AdminError(405, `${method} is not supported on ${path}.`);
	};
	try {
		if (route === 'health') {
			return reply(res, 200, {
				ok: true,
				accounts: [...sandbox.accounts.values()].map((a) => a.domain),
			});
		}
		if (route === 'log') {
			if (method === 'GET') {
				const since = query.since !== undefined ? Number(query.since) : 0;
				if (!Number.isFinite(since)) throw new AdminError(400, 'since must be a number.');
				return reply(res, 200, sandbox.logSince(since));
			}
			if (method === 'DELETE') {
				sandbox.clearLog();
				return reply(res, 200, { ok: true });
			}
			return methodNotAllowed();
		}
		if (route === 'counters') {
			if (method === 'GET') return reply(res, 200, sandbox.counters);
			if (method === 'DELETE') {
				sandbox.resetCounters();
				return reply(res, 200, { ok: true });
			}
			return methodNotAllowed();
		}
		if (route === 'faults') {
			if (method === 'GET') return reply(res, 200, sandbox.faults.current);
			if (method === 'PUT' || method === 'POST') {
				const faults = validateFaults(await readJson(req));
				sandbox.setFaults(faults);
				return reply(res, 200, sandbox.faults.current);
			}
			if (method === 'DELETE') {
				sandbox.faults.clear();
				return reply(res, 200, {});
			}
			return methodNotAllowed();
		}
		if (route === 'reset') {
			if (method !== 'POST') return methodNotAllowed();
			sandbox.reset();
			return reply(res, 200, { ok: true });
		}
		if (route === 'clock') {
			if (method === 'GET')
				return reply(res, 200, { now: sandbox.now().toISOString(), frozen: sandbox.clockFrozen });
			if (method !== 'PUT' && method !== 'POST') return methodNotAllowed();
			const body = await readJson(req);
			if (!isObject(body) || !('now' in body))
				throw new AdminError(400, 'Body must be { "now": "<ISO date>" | null }.');
			if (body.now === null) sandbox.setNow(null);
			else {
				const d =
					typeof body.now === 'string' || typeof body.now === 'number'
						? new Date(body.now)
						: new Date(NaN);
				if (Number.isNaN(d.getTime()))
					throw new AdminError(400, 'now must be an ISO 8601 date-time or null.');
				sandbox.setNow(d);
			}
			return reply(res, 200, { now: sandbox.now().toISOString(), frozen: sandbox.clockFrozen });
		}
		if (parts[0] === 'accounts') {
			if (parts.length === 1) {
				if (method === 'GET')
					return reply(
						res,
						200,
						[...sandbox.accounts.values()].map((a) => a.summary()),
					);
				if (method !== 'POST') return methodNotAllowed();
				const spec = await readJson(req);
				if (!isObject(spec)) throw new AdminError(400, 'Body must be an AccountSpec object.');
				let store;
				try {
					store = sandbox.addAccount(spec as unknown as AccountSpec);
				} catch (e) {
					const message = e instanceof Error ? e.message : String(e);
					throw new AdminError(/already/.test(message) ? 409 : 400, message);
				}
				return reply(res, 201, store.summary());
			}
			const store = sandbox.accounts.get(parts[1].toLowerCase());
			if (!store) throw new AdminError(404, `Unknown account '${parts[1]}'.`);
			if (parts.length === 2) {
				if (method === 'PATCH') {
					const body = await readJson(req);
					if (!isObject(body))
						throw new AdminError(400, 'Body must be { "multiSelectForm"?, "listOrder"? }.');
					const { multiSelectForm, listOrder } = body;
					if (
						multiSelectForm !== undefined &&
						multiSelectForm !== 'suffix' &&
						multiSelectForm !== 'plain'
					)
						throw new AdminError(400, 'multiSelectForm must be suffix or plain.');
					if (listOrder !== undefined && !LIST_ORDERS.includes(listOrder as ListOrder))
						throw new AdminError(400, `listOrder must be one of ${LIST_ORDERS.join(', ')}.`);
					store.configure({ multiSelectForm, listOrder: listOrder as ListOrder | undefined });
					return reply(res, 200, store.summary());
				}
				if (method !== 'GET') return methodNotAllowed();
				return reply(res, 200, store.summary());
			}
			if (parts[2] === 'products' && parts.length >= 4) {
				const sku = parts[3];
				const product = store.productBySku(sku);
				if (!product)
					throw new AdminError(404, `Unknown product '${sku}' in account '${store.domain}'.`);
				if (parts.length === 4) {
					if (method !== 'GET') return methodNotAllowed();
					return reply(res, 200, { ...productInternal(product), wire: store.productWire(product) });
				}
				if (parts.length === 5 && parts[4] === 'touch') {
					if (method !== 'POST') return methodNotAllowed();
					const body = await readJson(req);
					let at: Date | undefined;
					if (isObject(body) && body.at !== undefined && body.at !== null) {
						at = new Date(String(body.at));
						if (Number.isNaN(at.getTime()))
							throw new AdminError(400, 'at must be an ISO 8601 date-time.');
					}
					const p = store.touchProduct(sku, at);
					return reply(res, 200, { ...productInternal(p), wire: store.productWire(p) });
				}
			}
		}
		throw new AdminError(404, `Unknown admin endpoint ${method} ${path}.`);
	} catch (e) {
		if (e instanceof AdminError) return reply(res, e.status, { error: e.message });
		throw e;
	}
}
