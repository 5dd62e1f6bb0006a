/**
 * Reads shared by the items of an execution (shared/run.ts): once the answer is in, an item gets
 * it as it is, with nothing to await; a failed read is every item's own error.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { all, isPending, runOf, andThen, type ItemPlace } from '../../nodes/Pim/shared/run';

/** Item `itemIndex` of a node run (`executeData`) of an execution (`node`), as item.ts tells it. */
function placeOf(node: object, executeData: object, itemIndex: number): ItemPlace {
	return {
		execution: () => node,
		nodeRun: executeData,
		node: () => ({ name: 'PIM', typeVersion: 2 }) as INode,
		itemIndex,
	};
}

it('gives a read that is in as it is: read once, no promise for the items after it', async () => {
	const execution = {};
	const batch = {};
	let reads = 0;
	const read = async () => {
		reads++;
		return ['web', 'shop'];
	};
	const first = runOf(placeOf(execution, batch, 0)).shared('channels', 'channels', read);
	const second = runOf(placeOf(execution, batch, 1)).shared('channels', 'channels', read);
	expect(isPending(first)).toBe(true);
	expect(isPending(second)).toBe(true);
	expect(await first).toEqual(['web', 'shop']);
	await second;

	// Items prepared after the answer (later slices, the next batch) get the list itself.
	const later = runOf(placeOf(execution, batch, 2)).shared('channels', 'channels', read);
	const nextBatch = runOf(placeOf(execution, {}, 0)).shared('channels', 'channels', read);
	expect(isPending(later)).toBe(false);
	expect(later).toEqual(['web', 'shop']);
	expect(nextBatch).toBe(later);
	expect(reads).toBe(1);

	// Another execution reads for itself.
	const other = runOf(placeOf({}, {}, 0)).shared('channels', 'channels', read);
	expect(isPending(other)).toBe(true);
	await other;
	expect(reads).toBe(2);
});

it('never gives a failed read as an answer: each item of the run gets its own error, the next run reads again', async () => {
	const execution = {};
	const batch = {};
	let reads = 0;
	const read = async (): Promise<string[]> => {
		reads++;
		if (reads === 1) throw new NodeApiError({ name: 'PIM' } as never, { message: 'Down' });
		return ['web'];
	};
	const failures = await Promise.all(
		[0, 1].map(async (i) => {
			const got = runOf(placeOf(execution, batch, i)).shared('channels', 'channels', read);
			expect(isPending(got)).toBe(true);
			return await Promise.resolve(got).catch((error: NodeApiError) => error);
		}),
	);
	// A later item of the same run still gets the error, not a read of its own.
	const later = runOf(placeOf(execution, batch, 2)).shared('channels', 'channels', read);
	const laterError = await Promise.resolve(later).catch((error: NodeApiError) => error);
	expect([...failures, laterError].map((e) => (e as NodeApiError).context.itemIndex)).toEqual([
		0, 1, 2,
	]);
	expect((laterError as NodeApiError).message).toBe('Could not read channels: Down');
	expect(reads).toBe(1);

	// The next run (the next batch) reads again, and its answer is then given as it is.
	const retried = runOf(placeOf(execution, {}, 0)).shared('channels', 'channels', read);
	expect(await retried).toEqual(['web']);
	expect(runOf(placeOf(execution, {}, 1)).shared('channels', 'channels', read)).toEqual(['web']);
	expect(reads).toBe(2);
});

it('then and all go on at once with values that are in, and once read with those that are not', async () => {
	const order: string[] = [];
	const now = andThen(all([1, 'a'] as const), ([n, s]) => {
		order.push('now');
		return `${n}${s}`;
	});
	// Nothing awaited: the next step ran before this line.
	expect(order).toEqual(['now']);
	expect(now).toBe('1a');

	const later = andThen(all([1, Promise.resolve('b')] as const), ([n, s]) => {
		order.push('later');
		return `${n}${s}`;
	});
	expect(isPending(later)).toBe(true);
	expect(order).toEqual(['now']);
	expect(await later).toBe('1b');
	expect(order).toEqual(['now', 'later']);
});
