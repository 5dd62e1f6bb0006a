/**
 * The records a list read has seen, by identity (pagination.ts): whole-number ids from 0 to
 * 2^32 − 2 in an open-addressing table of 32-bit slots, anything else in a Set. A million ids
 * take 8 MB outside V8's heap, where a Set of them holds 21 MB of it for the whole read
 * (bench/analysis.md, "Feeds a channel accepts").
 */
export class IdSet {
	/** Each slot holds an id + 1; 0 is an empty slot. */
	private slots = new Uint32Array(1024);
	/** 32 − log2 of the slots: a slot is the top bits of the id's Fibonacci hash. */
	private shift = 22;
	private count = 0;
	private readonly others = new Set<number | string>();

	has(key: number | string): boolean {
		if (!IdSet.fits(key)) return this.others.has(key);
		return this.slots[this.find(key as number)] !== 0;
	}

	add(key: number | string): void {
		if (!IdSet.fits(key)) {
			this.others.add(key);
			return;
		}
		const slot = this.find(key as number);
		if (this.slots[slot] !== 0) return;
		this.slots[slot] = (key as number) + 1;
		// At most half full: probes stay short.
		if (++this.count * 2 > this.slots.length) this.grow();
	}

	get size(): number {
		return this.count + this.others.size;
	}

	private static fits(key: number | string): boolean {
		return typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < 0xffffffff;
	}

	/** The slot holding `key`, or the empty slot where it would go (linear probing). */
	private find(key: number): number {
		const mask = this.slots.length - 1;
		const stored = key + 1;
		for (let slot = Math.imul(stored, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
			const held = this.slots[slot];
			if (held === 0 || held === stored) return slot;
		}
	}

	private grow(): void {
		const old = this.slots;
		this.slots = new Uint32Array(old.length * 2);
		this.shift--;
		for (const held of old) if (held !== 0) this.slots[this.find(held - 1)] = held;
	}
}
