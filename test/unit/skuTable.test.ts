/**
 * The catalogue's packed table (skuTable.ts) against a Map: random SKUs (any characters, any
 * length, the same SKU set again), each with random units or none, past the table's growth and
 * across its chunks; every SKU found with exactly its last units, no other SKU found.
 */
import { SkuTable } from '../../nodes/Pim/resources/product/account/skuTable';

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const int = (n: number) => Math.floor(random() * n);

function randomSku(): string {
	const alphabet = ['A', 'b', '-', '0', '9', 'é', '中', '😀', ' '];
	return Array.from({ length: 1 + int(14) }, () => alphabet[int(alphabet.length)]).join('');
}

it('finds every SKU with its last units, and no other (120 000 entries, a SKU set up to 3 times)', () => {
	const table = new SkuTable();
	const expected = new Map<string, number[] | undefined>();
	const skus: string[] = [];
	for (let i = 0; i < 120_000; i++) {
		const sku = skus.length && random() < 0.1 ? skus[int(skus.length)] : `${randomSku()}-${i}`;
		skus.push(sku);
		const units =
			random() < 0.1 ? undefined : Array.from({ length: int(40) * 3 }, () => int(0x10000));
		// The caller's buffer is longer than what is kept, and reused.
		const buffer = new Uint16Array((units?.length ?? 0) + 7);
		units?.forEach((u, k) => (buffer[k] = u));
		if (units) table.set(sku, buffer, units.length);
		else table.set(sku);
		expected.set(sku, units);
	}
	expect(table.size).toBe(expected.size);
	for (const [sku, units] of expected) {
		const entry = table.get(sku)!;
		expect(table.has(sku)).toBe(true);
		expect(entry.length).toBe(units?.length);
		if (units) expect([...entry.chunk.subarray(entry.at, entry.at + entry.length!)]).toEqual(units);
	}
	for (let i = 0; i < 2000; i++) {
		const absent = `${randomSku()}-absent-${i}`;
		expect(table.has(absent)).toBe(false);
		expect(table.get(absent)).toBeUndefined();
	}
});

it('an entry longer than a chunk gets one of its own', () => {
	const table = new SkuTable();
	const long = new Uint16Array(3 * 400_000).map((_, i) => i & 0xffff);
	table.set('SMALL-1', new Uint16Array([1, 2, 3]), 3);
	table.set('LONG', long, long.length);
	table.set('SMALL-2', new Uint16Array([4, 5, 6]), 3);
	const entry = table.get('LONG')!;
	expect(entry.length).toBe(long.length);
	expect(entry.chunk[entry.at + 70_000]).toBe(70_000 & 0xffff);
	expect([...table.get('SMALL-2')!.chunk.subarray(table.get('SMALL-2')!.at).slice(0, 3)]).toEqual([
		4, 5, 6,
	]);
});
