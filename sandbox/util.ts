/* eslint-disable @n8n/community-nodes/no-restricted-globals -- the sandbox is a development HTTP server, never published; n8n Cloud runtime rules for community-node code do not apply */
/** Small helpers shared by the sandbox: seeded PRNG, hashing, date formatting. */

// Hot code reads globals through module constants: inside a vm context (e.g. under jest) every global
// look-up (Math, String...) goes through the context's interceptors and is an order of magnitude slower.
const imul = Math.imul;
export const floor = Math.floor;

/** mulberry32: a tiny, fast, seeded 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = imul(t ^ (t >>> 15), t | 1);
		t ^= t + imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a hash of a string (32 bit, unsigned). */
export function hashString(s: string, seed = 0x811c9dc5): number {
	let h = seed >>> 0;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = imul(h, 0x01000193) >>> 0;
	}
	return h >>> 0;
}

/** A PRNG with a few convenience draws. */
export class Rng {
	readonly next: () => number;
	constructor(seed: number) {
		this.next = mulberry32(seed);
	}
	int(min: number, max: number): number {
		return min + floor(this.next() * (max - min + 1));
	}
	pick<T>(items: readonly T[]): T {
		return items[floor(this.next() * items.length)];
	}
	chance(p: number): boolean {
		return this.next() < p;
	}
	/** `count` distinct items in random order (partial Fisher-Yates on a copy). */
	sample<T>(items: readonly T[], count: number): T[] {
		const copy = items.slice();
		const n = Math.min(count, copy.length);
		for (let i = 0; i < n; i++) {
			const j = i + floor(this.next() * (copy.length - i));
			const tmp = copy[i];
			copy[i] = copy[j];
			copy[j] = tmp;
		}
		return copy.slice(0, n);
	}
}

function pad2(n: number): string {
	return n < 10 ? '0' + n : String(n);
}

/** `YYYY-MM-DD HH:MM:SS` (UTC). */
export function formatDateTime(d: Date): string {
	return (
		d.getUTCFullYear() +
		'-' +
		pad2(d.getUTCMonth() + 1) +
		'-' +
		pad2(d.getUTCDate()) +
		' ' +
		pad2(d.getUTCHours()) +
		':' +
		pad2(d.getUTCMinutes()) +
		':' +
		pad2(d.getUTCSeconds())
	);
}

/** `YYYY/MM/DD` (UTC). */
export function formatSlashDate(d: Date): string {
	return d.getUTCFullYear() + '/' + pad2(d.getUTCMonth() + 1) + '/' + pad2(d.getUTCDate());
}

/**
 * ISO 8601 UTC with microseconds, e.g. `2026-11-22T10:11:12.123456Z`.
 * The sub-millisecond digits come from the monotonic clock unless the clock is frozen (then `000`).
 */
export function isoMicro(d: Date, frozen: boolean): string {
	const base = d.toISOString().slice(0, 23);
	if (frozen) return base + '000Z';
	const micro = Number((process.hrtime.bigint() / 1000n) % 1000n);
	return base + String(micro).padStart(3, '0') + 'Z';
}

/** URL-style form of a text: lower case, runs of other characters replaced by `-`. */
export function slugify(s: string): string {
	return s
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
}

/** Sleep that can be cancelled by the server on close. */
export function delay(ms: number, timers: Set<NodeJS.Timeout>): Promise<void> {
	return new Promise((resolve) => {
		const t = setTimeout(() => {
			timers.delete(t);
			resolve();
		}, ms);
		timers.add(t);
	});
}
