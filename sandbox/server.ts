/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/**
 * PIM sandbox server: a local, multi-tenant, seeded implementation of the PIM integration API with
 * request log, counters, fault injection and admin endpoints. See sandbox/README.md.
 *
 *   const sandbox = await startSandbox({ products: 500 });
 *   await fetch(sandbox.url + '/api/integration/product', { headers: { token: 'demo-token', 'x-domain': 'demo' } });
 *   await sandbox.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { FaultEngine, HTML_502, MALFORMED_JSON } from './faults';
import { BodyError, decodeBody, flatQuery, parsePhpQuery, type DecodedBody } from './forms';
import { ApiError, envelopeJson, type ApiResult, type Ctx } from './http';
import { API_PREFIX, findRoute } from './routes';
import { AccountStore, StoreError, type ResolvedAccountSpec } from './store';
import type {
	AccountSpec,
	Counters,
	Faults,
	LoggedRequest,
	SandboxOptions,
	ScriptStep,
} from './types';
import { LIST_ORDERS } from './types';
import { delay, hashString, isoMicro } from './util';

export type {
	AccountSpec,
	Counters,
	Faults,
	LoggedRequest,
	RateLimit,
	SandboxOptions,
	ScriptStep,
	ListOrder,
	MultiSelectForm,
} from './types';
export { LIST_ORDERS } from './types';
export { AccountStore, StoreError } from './store';
export type { ProductInput, ProductPatch, ChannelInput, CategoryInput } from './store';
export type * from './records';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export const DEFAULT_ACCOUNTS: ReadonlyArray<{ domain: string; token: string }> = [
	{ domain: 'demo', token: 'demo-token' },
	{ domain: 'acme', token: 'acme-token' },
];

interface Outcome {
	status: number;
	body: string;
	headers: Record<string, string>;
}

/** Internal state of a running sandbox; the handle and the admin endpoints work on it. */
export class Sandbox {
	readonly options: SandboxOptions;
	readonly accounts = new Map<string, AccountStore>();
	private readonly tokens = new Map<string, AccountStore>();
	readonly faults: FaultEngine;
	readonly log: LoggedRequest[] = [];
	readonly counters: Counters = {
		requests: 0,
		inFlight: 0,
		maxInFlight: 0,
		byStatus: {},
		faults: {},
	};
	readonly timers = new Set<NodeJS.Timeout>();
	private seq = 0;
	private requestIds = 0;
	private frozen: Date | null = null;
	private readonly logEnabled: boolean;
	private readonly logLimit: number;

	constructor(options: SandboxOptions) {
		this.options = options;
		this.logEnabled = options.log !== false;
		this.logLimit = Math.max(1, options.logLimit ?? 20000);
		this.faults = new FaultEngine(options.seed ?? 1);
		if (options.faults) this.faults.set(options.faults);
		const specs: AccountSpec[] = DEFAULT_ACCOUNTS.map((a) => ({ ...a }));
		for (const spec of options.accounts ?? []) {
			const i = specs.findIndex((s) => s.domain.toLowerCase() === spec.domain.toLowerCase());
			if (i >= 0 && i < DEFAULT_ACCOUNTS.length) specs[i] = spec;
			else specs.push(spec);
		}
		for (const spec of specs) this.addAccount(spec, true);
	}

	// ---------------------------------------------------------------- clock

	now = (): Date => {
		if (this.frozen) return new Date(this.frozen.getTime());
		return this.options.now ? this.options.now() : new Date();
	};
	setNow(d: Date | null): void {
		this.frozen = d ? new Date(d.getTime()) : null;
	}
	get clockFrozen(): boolean {
		return this.frozen !== null;
	}
	time(): string {
		return isoMicro(this.now(), this.frozen !== null);
	}

	// ---------------------------------------------------------------- accounts

	resolveSpec(spec: AccountSpec, isDefault: boolean): ResolvedAccountSpec {
		const seedBase = this.options.seed ?? 1;
		return {
			domain: spec.domain,
			token: spec.token,
			products: spec.empty
				? 0
				: Math.max(0, Math.floor(spec.products ?? this.options.products ?? 200)),
			extraAttributes: Math.max(
				0,
				Math.floor(spec.extraAttributes ?? (isDefault ? (this.options.extraAttributes ?? 0) : 0)),
			),
			empty: spec.empty === true,
			multiSelectForm: spec.multiSelectForm === 'plain' ? 'plain' : 'suffix',
			listOrder: spec.listOrder ?? 'id',
			seed: (spec.seed ?? hashString(spec.domain.toLowerCase()) ^ seedBase) >>> 0,
			...(spec.profile ? { profile: spec.profile } : {}),
		};
	}

	/** Adds an account; throws Error with a message for invalid or duplicate specs. */
	addAccount(spec: AccountSpec, isDefault = false): AccountStore {
		if (
			!spec ||
			typeof spec.domain !== 'string' ||
			!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(spec.domain)
		) {
			throw new Error('domain must be a non-empty account name (letters, digits, _ . -).');
		}
		if (typeof spec.token !== 'string' || spec.token === '')
			throw new Error('token must be a non-empty string.');
		if (this.accounts.has(spec.domain.toLowerCase()))
			throw new Error(`An account '${spec.domain}' already exists.`);
		if (this.tokens.has(spec.token))
			throw new Error('That token is already used by another account.');
		if (
			spec.multiSelectForm !== undefined &&
			spec.multiSelectForm !== 'suffix' &&
			spec.multiSelectForm !== 'plain'
		)
			throw new Error('multiSelectForm must be suffix or plain.');
		if (spec.listOrder !== undefined && !LIST_ORDERS.includes(spec.listOrder))
			throw new Error(`listOrder must be one of ${LIST_ORDERS.join(', ')}.`);
		const store = new AccountStore(
			this.resolveSpec(
				spec,
				isDefault && DEFAULT_ACCOUNTS.some((d) => d.domain === spec.domain.toLowerCase()),
			),
			this.now,
		);
		this.accounts.set(store.domain.toLowerCase(), store);
		this.tokens.set(store.token, store);
		return store;
	}

	account(domain: string): AccountStore {
		const store = this.accounts.get(domain.toLowerCase());
		if (!store) throw new Error(`Unknown sandbox account '${domain}'.`);
		return store;
	}

	// ---------------------------------------------------------------- log, counters, reset

	clearLog(): void {
		this.log.length = 0;
	}
	resetCounters(): void {
		this.counters.requests = 0;
		this.counters.maxInFlight = this.counters.inFlight;
		this.counters.byStatus = {};
		this.counters.faults = {};
	}
	setFaults(f: Faults): void {
		this.faults.set(f);
	}
	reset(): void {
		for (const store of this.accounts.values()) store.reset();
		this.clearLog();
		this.resetCounters();
		this.faults.clear();
	}
	logSince(since: number): LoggedRequest[] {
		return this.log.filter((e) => e.seq > since);
	}

	// ---------------------------------------------------------------- HTTP

	onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
		const url = req.url ?? '/';
		const q = url.indexOf('?');
		const rawPath = q < 0 ? url : url.slice(0, q);
		const rawQuery = q < 0 ? '' : url.slice(q + 1);
		let path: string;
		try {
			path = decodeURIComponent(rawPath);
		} catch {
			path = rawPath;
		}
		const task =
			path === '/__admin' || path.startsWith('/__admin/')
				? handleAdmin(this, req, res, path, rawQuery)
				: this.handleApi(req, res, path, rawQuery);
		task.catch((err: unknown) => {
			process.stderr.write(
				`[pim-sandbox] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
			);
			if (!res.headersSent && !res.destroyed) {
				res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
				res.end(envelopeJson(false, 'Internal sandbox error.', 'null', this.time(), 500));
			} else res.destroy();
		});
	};

	private async handleApi(
		req: http.IncomingMessage,
		res: http.ServerResponse,
		path: string,
		rawQuery: string,
	): Promise<void> {
		const id = ++this.requestIds;
		const started = performance.now();
		const arrivedAt = Date.now();
		const counters = this.counters;
		counters.requests++;
		counters.inFlight++;
		if (counters.inFlight > counters.maxInFlight) counters.maxInFlight = counters.inFlight;
		const method = (req.method ?? 'GET').toUpperCase();
		const entry: Omit<LoggedRequest, 'seq'> = {
			method,
			path,
			query: flatQuery(rawQuery),
			rawQuery,
			headers: headerRecord(req),
			contentType:
				typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined,
			rawBody: '',
			body: undefined,
			status: 0,
		};
		let admitted = false;
		res.on('close', () => {
			counters.inFlight--;
			if (admitted) this.faults.release(id);
			const key = entry.status === 0 ? 'dropped' : String(entry.status);
			counters.byStatus[key] = (counters.byStatus[key] ?? 0) + 1;
			if (entry.faulted) counters.faults[entry.faulted] = (counters.faults[entry.faulted] ?? 0) + 1;
			entry.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
			entry.arrivedAt = arrivedAt;
			if (this.logEnabled) {
				this.log.push({ seq: ++this.seq, ...entry });
				if (this.log.length > this.logLimit) this.log.splice(0, this.log.length - this.logLimit);
			}
		});

		// body
		let raw: Buffer | null;
		try {
			raw = await readBody(req);
		} catch {
			res.destroy(); // the client went away while sending the body
			return;
		}
		let decoded: DecodedBody | undefined;
		let bodyError: BodyError | undefined;
		if (raw === null)
			bodyError = new BodyError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
		else {
			entry.rawBody = raw.toString('utf8');
			try {
				decoded = decodeBody(raw, entry.contentType);
				entry.body = decoded.kind === 'empty' ? undefined : decoded.value;
			} catch (e) {
				if (!(e instanceof BodyError)) throw e;
				bodyError = e;
			}
		}

		// faults
		const faults = this.faults;
		const applies = faults.applies(method, path);
		if (applies) {
			const retryAfter = faults.admit(id, Date.now());
			if (retryAfter !== null) {
				entry.faulted = 'rate-limit';
				const status = faults.rateLimitStatus;
				return this.send(res, entry, {
					status,
					headers: { 'retry-after': retryAfter },
					body: envelopeJson(
						false,
						status === 429
							? 'Too many requests. Please retry later.'
							: 'Service unavailable. Please retry later.',
						'null',
						this.time(),
						status,
					),
				});
			}
			admitted = true;
			if (faults.latencyMs > 0) await delay(faults.latencyMs, this.timers);
		}
		let step: ScriptStep | undefined;
		if (applies) step = faults.nextScriptStep();
		if (step) {
			if (step.delayMs && step.delayMs > 0) await delay(step.delayMs, this.timers);
			if (step.drop) {
				entry.faulted = 'script:drop';
				return this.drop(res);
			}
			if (step.status !== undefined) {
				entry.faulted = 'script:status';
				const headers: Record<string, string> = {};
				if (step.retryAfter !== undefined) headers['retry-after'] = step.retryAfter;
				return this.send(res, entry, {
					status: step.status,
					headers,
					body: envelopeJson(
						step.status < 400,
						`Scripted response with status ${step.status}.`,
						'null',
						this.time(),
						step.status,
					),
				});
			}
			if (step.malformed) {
				entry.faulted = 'script:malformed';
				return this.send(res, entry, { status: 200, headers: {}, body: MALFORMED_JSON });
			}
			if (step.statusFalse) {
				entry.faulted = 'script:status-false';
				return this.send(res, entry, this.statusFalse());
			}
			if (step.delayMs && step.delayMs > 0) entry.faulted = 'script:delay';
		}
		const random = applies && !step ? faults.drawRandom() : null;
		if (random) entry.faulted = random;
		switch (random) {
			case 'drop':
				if (faults.dropPhase === 'before') return this.drop(res);
				break; // processed below, then dropped
			case 'error': {
				const status = faults.errorStatus;
				return this.send(res, entry, {
					status,
					headers: status === 503 ? { 'retry-after': '1' } : {},
					body: envelopeJson(false, 'Simulated server error.', 'null', this.time(), status),
				});
			}
			case 'status-false':
				return this.send(res, entry, this.statusFalse());
			case 'malformed':
				return this.send(res, entry, { status: 200, headers: {}, body: MALFORMED_JSON });
			case 'html':
				return this.send(res, entry, {
					status: 502,
					headers: { 'content-type': 'text/html' },
					body: HTML_502,
				});
			case 'empty':
				return this.send(res, entry, { status: 200, headers: {}, body: '' });
			default:
				break;
		}

		const outcome = this.process(req, method, path, rawQuery, decoded, bodyError, entry);
		if (random === 'drop') return this.drop(res);
		this.send(res, entry, outcome);
	}

	private statusFalse(): Outcome {
		return {
			status: 200,
			headers: {},
			body: envelopeJson(false, 'Simulated failure', 'null', this.time(), 500),
		};
	}

	private drop(res: http.ServerResponse): void {
		res.socket?.destroy();
		res.destroy();
	}

	private send(
		res: http.ServerResponse,
		entry: Omit<LoggedRequest, 'seq'>,
		outcome: Outcome,
	): void {
		if (res.destroyed || res.writableEnded) return;
		entry.status = outcome.status;
		res.writeHead(outcome.status, {
			'content-type': 'application/json; charset=utf-8',
			'content-length': String(Buffer.byteLength(outcome.body)),
			...outcome.headers,
		});
		res.end(outcome.body);
	}

	/** Routing, authentication and the endpoint handler. */
	private process(
		req: http.IncomingMessage,
		method: string,
		path: string,
		rawQuery: string,
		decoded: DecodedBody | undefined,
		bodyError: BodyError | undefined,
		entry: Omit<LoggedRequest, 'seq'>,
	): Outcome {
		const time = (): string => this.time();
		const fail = (e: ApiError): Outcome => ({
			status: e.status,
			headers: e.headers,
			body: envelopeJson(false, e.message, JSON.stringify(e.data ?? null), time(), e.status),
		});
		try {
			const methods = findRoute(path);
			if (!methods) throw new ApiError(404, `The endpoint ${method} ${path} does not exist.`);
			const route = methods[method];
			if (!route) {
				const allow = Object.keys(methods).join(', ');
				throw new ApiError(
					405,
					`The ${method} method is not supported for ${path}. Supported methods: ${allow}.`,
					null,
					{ allow },
				);
			}
			const store = this.authenticate(req, route.domain);
			entry.account = store.domain;
			if (bodyError && (method === 'POST' || method === 'PUT' || method === 'PATCH'))
				throw new ApiError(bodyError.status, bodyError.message);
			const ctx: Ctx = {
				method,
				path,
				query: parsePhpQuery(rawQuery),
				body: method === 'GET' ? {} : (decoded?.value ?? {}),
				store,
				settings: {
					defaultPageLimit: this.options.defaultPageLimit ?? 10,
					maxPageLimit: this.options.maxPageLimit ?? 1000,
					ignoreCurrentPage: this.faults.ignoreCurrentPage && this.faults.applies(method, path),
				},
			};
			const result: ApiResult = route.handler(ctx);
			const dataJson = result.dataJson ?? JSON.stringify(result.data ?? null);
			return {
				status: 200,
				headers: {},
				body: envelopeJson(true, result.message, dataJson, time(), 200),
			};
		} catch (e) {
			if (e instanceof ApiError) return fail(e);
			if (e instanceof StoreError)
				return fail(
					new ApiError(
						e.status,
						e.message,
						e.status === 422 ? { errors: { [e.field ?? 'error']: [e.message] } } : null,
					),
				);
			process.stderr.write(
				`[pim-sandbox] handler error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
			);
			return fail(
				new ApiError(
					500,
					'Internal sandbox error: ' + (e instanceof Error ? e.message : String(e)),
				),
			);
		}
	}

	/** `token` → account; `x-domain` must name that account (or be absent where optional). */
	private authenticate(
		req: http.IncomingMessage,
		domainRule: 'required' | 'optional',
	): AccountStore {
		const token = headerValue(req, 'token');
		if (token === undefined || token === '')
			throw new ApiError(401, 'Unauthenticated: the token header is required.');
		const byToken = this.tokens.get(token);
		if (!byToken) throw new ApiError(401, 'Unauthenticated: the token is invalid.');
		const domain = headerValue(req, 'x-domain')?.trim();
		if (domain === undefined || domain === '') {
			if (domainRule === 'required') throw new ApiError(400, 'The x-domain header is required.');
			return byToken;
		}
		const byDomain = this.accounts.get(domain.toLowerCase());
		if (!byDomain) throw new ApiError(401, `Unknown account domain '${domain}'.`);
		if (byDomain !== byToken)
			throw new ApiError(401, `The token is not valid for the account domain '${domain}'.`);
		return byDomain;
	}
}

function headerValue(req: http.IncomingMessage, name: string): string | undefined {
	const v = req.headers[name];
	return Array.isArray(v) ? v[0] : v;
}

function headerRecord(req: http.IncomingMessage): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(req.headers)) {
		if (v === undefined) continue;
		out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
	}
	return out;
}

/** Reads the whole body; null when it exceeds MAX_BODY_BYTES (the rest is read and discarded). */
export async function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
	const chunks: Buffer[] = [];
	let size = 0;
	let tooLarge = false;
	for await (const chunk of req) {
		const buf = chunk as Buffer;
		size += buf.length;
		if (size > MAX_BODY_BYTES) tooLarge = true;
		if (!tooLarge) chunks.push(buf);
	}
	return tooLarge ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** A running sandbox, for tests and tools. */
export interface SandboxHandle {
	url: string;
	port: number;
	close(): Promise<void>;
	/** API requests only (not /__admin). */
	log: LoggedRequest[];
	clearLog(): void;
	counters: Counters;
	resetCounters(): void;
	setFaults(f: Faults): void;
	clearFaults(): void;
	/** Freeze the clock used for created_at/updated_at and the envelope `time` (null = back to the real clock). */
	setNow(d: Date | null): void;
	/** Reseed all accounts to their initial state, clear log, counters and faults. */
	reset(): void;
	/** Direct access to an account's state. Throws for an unknown domain. */
	account(domain: string): AccountStore;
}

/** Starts a sandbox server. Resolves once it is listening. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
	const sandbox = new Sandbox(options);
	const server = http.createServer(sandbox.onRequest);
	server.keepAliveTimeout = 5000;
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
	let closing: Promise<void> | null = null;

	const handle: SandboxHandle = {
		url: `http://${urlHost}:${port}`,
		port,
		close() {
			closing ??= new Promise<void>((resolve) => {
				for (const t of sandbox.timers) clearTimeout(t);
				sandbox.timers.clear();
				server.close(() => resolve());
				server.closeAllConnections();
			});
			return closing;
		},
		get log() {
			return sandbox.log;
		},
		clearLog: () => sandbox.clearLog(),
		get counters() {
			return sandbox.counters;
		},
		resetCounters: () => sandbox.resetCounters(),
		setFaults: (f: Faults) => sandbox.setFaults(f),
		clearFaults: () => sandbox.faults.clear(),
		setNow: (d: Date | null) => sandbox.setNow(d),
		reset: () => sandbox.reset(),
		account: (domain: string) => sandbox.account(domain),
	};
	return handle;
}

export { API_PREFIX };
