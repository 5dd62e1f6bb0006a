import { IdSet } from '../../nodes/Pim/shared/idSet';

describe('IdSet: the records a list read has seen', () => {
	it('holds whole-number ids, 0 and the largest among them, each once', () => {
		const set = new IdSet();
		for (const id of [0, 1, 2, 4_294_967_294, 1, 0]) set.add(id);
		expect(set.size).toBe(4);
		for (const id of [0, 1, 2, 4_294_967_294]) expect(set.has(id)).toBe(true);
		for (const id of [3, 4_294_967_293, 100]) expect(set.has(id)).toBe(false);
	});

	it('keeps other keys apart: strings, negative, fractional and too large numbers', () => {
		const set = new IdSet();
		for (const key of ['id:5', -1, 1.5, 4_294_967_295, 2 ** 40, 'x']) set.add(key);
		expect(set.size).toBe(6);
		expect(set.has('id:5')).toBe(true);
		// The number 5 is not the string id "5" (pagination's identity keeps them apart).
		expect(set.has(5)).toBe(false);
		for (const key of [-1, 1.5, 4_294_967_295, 2 ** 40, 'x']) expect(set.has(key)).toBe(true);
		expect(set.has(-2)).toBe(false);
	});

	it('answers as a Set does for 200 000 ids in a row, in strides and at random, as it grows', () => {
		const set = new IdSet();
		const reference = new Set<number>();
		let seed = 7;
		const random = () => {
			seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
			return seed;
		};
		const ids = [
			...Array.from({ length: 80_000 }, (_, i) => 1_000_000 + i),
			// Ids a power of two apart share their low bits: the table must not rely on them.
			...Array.from({ length: 40_000 }, (_, i) => i * 1024),
			...Array.from({ length: 80_000 }, () => random() % 4_294_967_295),
		];
		for (const id of ids) {
			set.add(id);
			reference.add(id);
		}
		expect(set.size).toBe(reference.size);
		for (const id of ids) expect(set.has(id)).toBe(true);
		for (let i = 0; i < 50_000; i++) {
			const probe = random() % 4_294_967_295;
			expect(set.has(probe)).toBe(reference.has(probe));
		}
	});
});
