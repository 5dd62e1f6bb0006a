import { changesSince } from '../../nodes/PimTrigger/cursor';

const p = (id: number, updated_at: string) => ({ id, updated_at });

describe('changesSince', () => {
	it('without a cursor: everything, oldest first, and a cursor at the latest time', () => {
		const { changed, cursor } = changesSince(undefined, [p(2, '2030-01-01 00:00:02'), p(1, '2030-01-01 00:00:01'), p(3, '2030-01-01 00:00:02')]);
		expect(changed.map((c) => c.id)).toEqual([1, 2, 3]);
		expect(cursor).toEqual({ updatedAt: '2030-01-01 00:00:02', ids: ['2', '3'] });
	});

	it('emits later changes and same-second changes not seen yet, once', () => {
		const cursor = { updatedAt: '2030-01-01 00:00:02', ids: ['2'] };
		const products = [p(1, '2030-01-01 00:00:01'), p(2, '2030-01-01 00:00:02'), p(3, '2030-01-01 00:00:02'), p(4, '2030-01-01 00:00:05')];
		const next = changesSince(cursor, products);
		expect(next.changed.map((c) => c.id)).toEqual([3, 4]);
		expect(next.cursor).toEqual({ updatedAt: '2030-01-01 00:00:05', ids: ['4'] });
		expect(changesSince(next.cursor, products).changed).toEqual([]);
	});
});
