import { looksLastUpdatedFirst, nonRising } from '../../nodes/Pim/shared/listOrder';
import { changesSince } from '../../nodes/PimTrigger/cursor';

const p = (id: number, updated_at: string) => ({ id, updated_at });

describe('changesSince', () => {
	it('without a cursor: everything, oldest first, and a cursor at the latest time', () => {
		const { changed, cursor } = changesSince(undefined, [
			p(2, '2030-01-01 00:00:02'),
			p(1, '2030-01-01 00:00:01'),
			p(3, '2030-01-01 00:00:02'),
		]);
		expect(changed.map((c) => c.id)).toEqual([1, 2, 3]);
		expect(cursor).toEqual({ updatedAt: '2030-01-01 00:00:02', ids: ['2', '3'] });
	});

	it('emits later changes and same-second changes not seen yet, once', () => {
		const cursor = { updatedAt: '2030-01-01 00:00:02', ids: ['2'] };
		const products = [
			p(1, '2030-01-01 00:00:01'),
			p(2, '2030-01-01 00:00:02'),
			p(3, '2030-01-01 00:00:02'),
			p(4, '2030-01-01 00:00:05'),
		];
		const next = changesSince(cursor, products);
		expect(next.changed.map((c) => c.id)).toEqual([3, 4]);
		expect(next.cursor).toEqual({ updatedAt: '2030-01-01 00:00:05', ids: ['4'] });
		expect(changesSince(next.cursor, products).changed).toEqual([]);
	});
});

describe('looksLastUpdatedFirst', () => {
	const p = (id: number, updated_at: string) => ({ id, updated_at });
	it('takes falling updated_at in mixed id order as last update first', () => {
		// The real service's sample: ids 1, 4, 3 with falling update times.
		expect(
			looksLastUpdatedFirst([
				p(1, '2023-10-18 18:10:29'),
				p(4, '2023-10-12 15:23:04'),
				p(3, '2023-10-12 14:02:51'),
			]),
		).toBe(true);
	});
	it('does not when updated_at rises, is missing, never falls, or ids fall along with it', () => {
		expect(looksLastUpdatedFirst([p(1, '2023-01-01 00:00:00'), p(2, '2023-01-02 00:00:00')])).toBe(
			false,
		);
		expect(looksLastUpdatedFirst([p(1, '2023-01-02 00:00:00'), { id: 2 }])).toBe(false);
		expect(looksLastUpdatedFirst([p(1, '2023-01-02 00:00:00'), p(2, '2023-01-02 00:00:00')])).toBe(
			false,
		);
		// Newest created first, whose updates happen to agree: not proof of the order.
		expect(
			looksLastUpdatedFirst([
				p(9, '2023-01-03 00:00:00'),
				p(8, '2023-01-02 00:00:00'),
				p(7, '2023-01-01 00:00:00'),
			]),
		).toBe(false);
		expect(looksLastUpdatedFirst([p(1, '2023-01-01 00:00:00')])).toBe(false);
	});
	it('nonRising allows ties and refuses a rise', () => {
		expect(
			nonRising([
				p(1, '2023-01-02 00:00:00'),
				p(5, '2023-01-02 00:00:00'),
				p(2, '2023-01-01 00:00:00'),
			]),
		).toBe(true);
		expect(nonRising([p(1, '2023-01-01 00:00:00'), p(5, '2023-01-02 00:00:00')])).toBe(false);
	});
});
