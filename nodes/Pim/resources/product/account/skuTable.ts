/**
 * SKU → a run of 16-bit units (a product's facts: catalogue.ts), packed for a catalogue of a
 * million products: entries in chunks of UTF-16 units, one after another, found through one
 * open-addressing table of positions. An entry is [the SKU's hash (2 units), its length, the SKU,
 * the units' length (2 units), the units]; no string or object is kept per product.
 */

/** Units per chunk (2 MB); an entry longer than that gets a chunk of its own. */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;

/** The units' length of an entry that keeps none (a catalogue that compares nothing). */
const NONE = 0xffffffff;

/** An entry's units: in `chunk` from `at`; `length` undefined when it keeps none. */
export interface Entry {
	chunk: Uint16Array;
	at: number;
	length: number | undefined;
}

export class SkuTable {
	private readonly chunks: Uint16Array[] = [];
	/** The first free unit of the last chunk. */
	private top = 0;
	/** Open addressing: an entry's position + 1, 0 for an empty slot. */
	private slots = new Int32Array(1024);
	private count = 0;

	get size(): number {
		return this.count;
	}

	/** Keeps `length` units of `units` for the SKU (none when `units` is undefined). */
	set(sku: string, units?: Uint16Array, length = 0): void {
		const h = hash(sku);
		this.put(sku, h, this.slotOf(sku, h), units, length);
	}

	/** Keeps the SKU (no units) unless the table has it: whether it was new (one hash, one probe). */
	add(sku: string): boolean {
		const h = hash(sku);
		const slot = this.slotOf(sku, h);
		if (this.slots[slot] !== 0) return false;
		this.put(sku, h, slot);
		return true;
	}

	/** Writes the entry and points `slot` (the SKU's, found for hash `h`) at it. */
	private put(sku: string, h: number, slot: number, units?: Uint16Array, length = 0): void {
		if (sku.length > 0xffff) throw new RangeError('A SKU of over 65 535 characters');
		const size = 3 + sku.length + 2 + (units ? length : 0);
		if (!this.chunks.length || this.top + size > CHUNK) {
			this.chunks.push(new Uint16Array(Math.max(CHUNK, size)));
			this.top = 0;
		}
		const index = this.chunks.length - 1;
		const chunk = this.chunks[index];
		const position = index * CHUNK + this.top;
		let at = this.top;
		chunk[at++] = h & 0xffff;
		chunk[at++] = h >>> 16;
		chunk[at++] = sku.length;
		for (let i = 0; i < sku.length; i++) chunk[at++] = sku.charCodeAt(i);
		const kept = units ? length : NONE;
		chunk[at++] = kept & 0xffff;
		chunk[at++] = kept >>> 16;
		if (units) chunk.set(units.subarray(0, length), at);
		this.top += size;

		if (this.slots[slot] === 0) this.count++;
		this.slots[slot] = position + 1;
		if (this.count * 2 > this.slots.length) this.grow();
	}

	has(sku: string): boolean {
		return this.slots[this.slotOf(sku, hash(sku))] !== 0;
	}

	/** The SKU's units; undefined when the table does not have it. */
	get(sku: string): Entry | undefined {
		const found = this.slots[this.slotOf(sku, hash(sku))];
		if (found === 0) return undefined;
		const chunk = this.chunks[(found - 1) >>> CHUNK_BITS];
		const start = ((found - 1) & (CHUNK - 1)) + 3 + chunk[((found - 1) & (CHUNK - 1)) + 2];
		const kept = (chunk[start] | (chunk[start + 1] << 16)) >>> 0;
		return { chunk, at: start + 2, length: kept === NONE ? undefined : kept };
	}

	/** The slot holding the SKU, or the empty slot where it would go. */
	private slotOf(sku: string, h: number): number {
		const mask = this.slots.length - 1;
		for (let slot = h & mask; ; slot = (slot + 1) & mask) {
			const found = this.slots[slot];
			if (found === 0 || this.holds(found - 1, sku, h)) return slot;
		}
	}

	/** Whether the entry at `position` is the SKU's (compared in place: no string is made). */
	private holds(position: number, sku: string, h: number): boolean {
		const chunk = this.chunks[position >>> CHUNK_BITS];
		const at = position & (CHUNK - 1);
		if (chunk[at] !== (h & 0xffff) || chunk[at + 1] !== h >>> 16 || chunk[at + 2] !== sku.length)
			return false;
		for (let i = 0; i < sku.length; i++) if (chunk[at + 3 + i] !== sku.charCodeAt(i)) return false;
		return true;
	}

	private grow(): void {
		const old = this.slots;
		this.slots = new Int32Array(old.length * 2);
		const mask = this.slots.length - 1;
		for (const found of old) {
			if (found === 0) continue;
			const chunk = this.chunks[(found - 1) >>> CHUNK_BITS];
			const at = (found - 1) & (CHUNK - 1);
			let slot = ((chunk[at] | (chunk[at + 1] << 16)) >>> 0) & mask;
			while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
			this.slots[slot] = found;
		}
	}
}

/** 32-bit FNV-1a of a text. */
function hash(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	return h >>> 0;
}
