/**
 * Fault injection: rate limiting (token bucket + concurrency), latency, a deterministic script, and
 * seeded random faults. The server asks this engine what to do with each API request.
 */
import type { Faults, ScriptStep } from './types';
import { mulberry32 } from './util';

export type RandomFault = 'drop' | 'error' | 'status-false' | 'malformed' | 'html' | 'empty';

export class FaultEngine {
	private config: Faults = {};
	private pattern: RegExp | null = null;
	private script: ScriptStep[] = [];
	private random: () => number = mulberry32(1);
	private tokens = 0;
	private lastRefill = 0;
	private readonly admitted = new Map<number, number>();

	constructor(private readonly defaultSeed: number) {}

	/** Validates and installs a fault configuration (`{}` clears). Throws on an invalid pathPattern. */
	set(faults: Faults): void {
		const pattern = faults.pathPattern ? new RegExp(faults.pathPattern) : null;
		this.config = { ...faults, rateLimit: faults.rateLimit ? { ...faults.rateLimit } : undefined };
		this.pattern = pattern;
		this.script = (faults.script ?? []).map((s) => ({ ...s }));
		this.random = mulberry32((faults.seed ?? this.defaultSeed) >>> 0);
		this.tokens = Math.max(1, faults.rateLimit?.rps ?? 0);
		this.lastRefill = Date.now();
	}

	clear(): void {
		this.set({});
	}

	/** Current configuration, with the remaining script steps. */
	get current(): Faults {
		const out: Faults = { ...this.config };
		if (this.config.script) out.script = this.script.map((s) => ({ ...s }));
		return out;
	}

	get latencyMs(): number {
		return Math.max(0, this.config.latencyMs ?? 0);
	}
	get ignoreCurrentPage(): boolean {
		return this.config.ignoreCurrentPage === true;
	}
	get dropPhase(): 'before' | 'after' {
		return this.config.dropPhase === 'before' ? 'before' : 'after';
	}
	/** The status of a rate-limit refusal. */
	get rateLimitStatus(): number {
		return this.config.rateLimit?.status ?? 429;
	}
	get errorStatus(): number {
		return this.config.errorStatus ?? 500;
	}

	/** Whether faults apply to `"METHOD /path"`. */
	applies(method: string, path: string): boolean {
		return this.pattern === null || this.pattern.test(method + ' ' + path);
	}

	/**
	 * Rate limiting. Returns null when the request is admitted (then `release(id)` must be called when it
	 * ends), or the value of the Retry-After header for a refusal (`rateLimitStatus`).
	 */
	admit(id: number, now: number): string | null {
		const rl = this.config.rateLimit;
		if (!rl) return null;
		let waitSeconds = 0;
		if (
			rl.maxConcurrent !== undefined &&
			rl.maxConcurrent > 0 &&
			this.admitted.size >= rl.maxConcurrent
		) {
			let oldest = Infinity;
			for (const start of this.admitted.values()) oldest = Math.min(oldest, start);
			waitSeconds = Math.max(waitSeconds, (oldest + this.latencyMs - now) / 1000);
			return this.retryAfter(waitSeconds, now);
		}
		if (rl.rps !== undefined && rl.rps > 0) {
			const capacity = Math.max(1, rl.rps);
			this.tokens = Math.min(capacity, this.tokens + ((now - this.lastRefill) / 1000) * rl.rps);
			this.lastRefill = now;
			if (this.tokens < 1) return this.retryAfter((1 - this.tokens) / rl.rps, now);
			this.tokens -= 1;
		}
		this.admitted.set(id, now);
		return null;
	}

	release(id: number): void {
		this.admitted.delete(id);
	}

	private retryAfter(seconds: number, now: number): string {
		const s = Math.max(1, Math.ceil(seconds));
		if (this.config.rateLimit?.retryAfter === 'date') return new Date(now + s * 1000).toUTCString();
		return String(s);
	}

	/** Consumes the next script step, if any. */
	nextScriptStep(): ScriptStep | undefined {
		return this.script.shift();
	}

	/** One seeded draw against the configured rates (cumulative, so each rate is its exact share). */
	drawRandom(): RandomFault | null {
		const c = this.config;
		const rates: Array<[RandomFault, number | undefined]> = [
			['drop', c.dropRate],
			['error', c.errorRate],
			['status-false', c.statusFalseRate],
			['malformed', c.malformedRate],
			['html', c.htmlRate],
			['empty', c.emptyRate],
		];
		if (!rates.some(([, rate]) => rate !== undefined && rate > 0)) return null;
		const roll = this.random();
		let acc = 0;
		for (const [kind, rate] of rates) {
			if (rate === undefined || rate <= 0) continue;
			acc += rate;
			if (roll < acc) return kind;
		}
		return null;
	}
}

export const HTML_502 =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** A response cut off in the middle of a record. */
export const MALFORMED_JSON =
	'{"status":true,"message":"Product List","data":{"record":[{"id":1,"sku":"SKU-0000';
