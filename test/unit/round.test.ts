/**
 * The write round's order of work (shared/round.ts), with the items started as n8n's declarative
 * engine starts them: one synchronous loop calling every item's operation.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { itemOf } from '../../nodes/Pim/shared/item';
import type { PimItem } from '../../nodes/Pim/shared/item';
import { writeInRound } from '../../nodes/Pim/shared/round';

/** One node execution of `count` items: the items of the contexts n8n hands them (what the round reads). */
function execution(count: number) {
	const executeData = { data: { main: [Array.from({ length: count }, () => ({ json: {} }))] } };
	return (itemIndex: number) =>
		itemOf({
			getNode: () => ({ typeVersion: 2 }),
			continueOnFail: () => false,
			getExecuteData: () => executeData,
			getItemIndex: () => itemIndex,
		} as unknown as IExecuteSingleFunctions);
}

/** An item's write in its round, with the test's own steps (each knows its item by closure). */
function inRound<P>(
	item: PimItem,
	prepare: () => Promise<P>,
	write: (prepared: P) => Promise<Array<{ json: IDataObject }>>,
	answer?: (prepared: P) => Array<{ json: IDataObject }> | undefined,
) {
	return writeInRound(
		item,
		{
			prepare: async () => await prepare(),
			write: async (_item, prepared) => await write(prepared),
			answer: answer && ((_item, prepared) => answer(prepared)),
		},
		undefined,
		(_item, work) => work,
	) as Promise<Array<{ json: IDataObject & { item: number; operation?: string } }>>;
}

it('prepares items after the loop that started them, a slice at a time, letting I/O in between', async () => {
	const count = 2000;
	const contextOf = execution(count);
	const prepared: number[] = [];
	const written: number[] = [];
	// What item 0's preparation starts (a read of the account's lists), as a macrotask.
	let readAnsweredBefore: number | undefined;

	const runs: Array<Promise<unknown>> = [];
	for (let i = 0; i < count; i++)
		runs.push(
			inRound(
				contextOf(i),
				async () => {
					if (i === 0) void sleep(0).then(() => (readAnsweredBefore = prepared.length));
					// Each item's preparation takes a little time (checks, names resolved): 0.05 ms.
					const done = performance.now() + 0.05;
					while (performance.now() < done);
					prepared.push(i);
					return i;
				},
				async (item) => {
					written.push(item);
					return [{ json: { item } }];
				},
			),
		);
	// n8n's loop is over: no item has been prepared inside it.
	expect(prepared).toEqual([]);

	const results = await Promise.all(runs);
	expect(prepared).toEqual(Array.from({ length: count }, (_, i) => i));
	// The read item 0 started was answered while later items were still waiting for their slice.
	expect(readAnsweredBefore).toBeGreaterThan(0);
	expect(readAnsweredBefore).toBeLessThan(count);
	// Every item written once, after every item was prepared.
	expect([...written].sort((a, b) => a - b)).toEqual(prepared);
	expect(results.map((r) => (r as Array<{ json: { item: number } }>)[0].json.item)).toEqual(
		prepared,
	);
});

/** A run of `count` items where item `faulty` cannot be prepared; `answer` as writeInRound takes it. */
async function runWithFault(
	count: number,
	faulty: number,
	answer?: (item: number) => Array<{ json: { item: number } }> | undefined,
) {
	const contextOf = execution(count);
	let writes = 0;
	const outcomes = await Promise.allSettled(
		Array.from({ length: count }, (_, i) =>
			inRound(
				contextOf(i),
				async () => {
					if (i === faulty) throw new Error('Parameter "SKU" is required');
					return i;
				},
				async () => {
					writes++;
					return [];
				},
				answer,
			),
		),
	);
	const failed = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : []));
	const reason = (outcomes[faulty] as PromiseRejectedResult | undefined)?.reason as
		| (Error & { description?: string })
		| undefined;
	return { writes, failed, reason, outcomes };
}

it('an item that fails to prepare stops every write, whatever slice it is in', async () => {
	const { writes, failed, reason, outcomes } = await runWithFault(1200, 1100);
	expect(writes).toBe(0);
	// Only the item at fault fails (n8n then names it); the others write nothing and give nothing.
	expect(failed).toEqual([1100]);
	expect(reason?.message).toBe('Parameter "SKU" is required');
	expect(reason?.description).toBe('Nothing was written: no other item of the 1200 has a problem.');
	expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [] });
});

it('a run n8n could not start whole (an expression failed on a row) prepares nothing', async () => {
	// n8n's loop stopped at item 3 of 10: only items 0-2 were started.
	const contextOf = execution(10);
	let preparedCount = 0;
	const results = await Promise.all(
		[0, 1, 2].map((i) =>
			inRound(
				contextOf(i),
				async () => {
					preparedCount++;
					return i;
				},
				async () => [{ json: {} }],
			),
		),
	);
	expect(preparedCount).toBe(0);
	expect(results).toEqual([[], [], []]);
});

it('a slice starts once the one before is prepared: items waiting for a read do not pile up', async () => {
	const count = 2000;
	const contextOf = execution(count);
	// The account's catalogue, read once by the first item and awaited by every item.
	let catalogue: Promise<void> | undefined;
	let preparing = 0;
	let mostAtOnce = 0;
	const results = await Promise.all(
		Array.from({ length: count }, (_, i) =>
			inRound(
				contextOf(i),
				async () => {
					mostAtOnce = Math.max(mostAtOnce, ++preparing);
					await (catalogue ??= sleep(20));
					preparing--;
					return i;
				},
				async (item) => [{ json: { item } }],
			),
		),
	);
	expect(results.map((r) => r[0].json.item)).toEqual(Array.from({ length: count }, (_, i) => i));
	// Started all at once, all 2000 would wait for the read together, each holding what it made.
	expect(mostAtOnce).toBeGreaterThan(1);
	expect(mostAtOnce).toBeLessThanOrEqual(count / 10);
});

it('an item answered once prepared ends at once; the others still write only after every item is prepared', async () => {
	const count = 300;
	const contextOf = execution(count);
	const events: string[] = [];
	const results = await Promise.all(
		Array.from({ length: count }, (_, i) =>
			inRound(
				contextOf(i),
				async () => {
					events.push(`prepared ${i}`);
					return i;
				},
				async (item) => {
					events.push(`wrote ${item}`);
					return [{ json: { item, operation: 'updated' } }];
				},
				// Even items write nothing: they answer once prepared.
				(item) => (item % 2 ? undefined : [{ json: { item, operation: 'unchanged' } }]),
			).then((out) => {
				events.push(`ended ${i}`);
				return out;
			}),
		),
	);
	expect(results.map((r) => r[0].json.operation)).toEqual(
		Array.from({ length: count }, (_, i) => (i % 2 ? 'updated' : 'unchanged')),
	);
	// Item 0 ended before the last item was prepared; no item wrote before that.
	expect(events.indexOf('ended 0')).toBeLessThan(events.indexOf(`prepared ${count - 1}`));
	const firstWrite = events.findIndex((e) => e.startsWith('wrote'));
	expect(firstWrite).toBeGreaterThan(events.indexOf(`prepared ${count - 1}`));
	expect(events.filter((e) => e.startsWith('wrote'))).toHaveLength(count / 2);
});

it('items answered once prepared do not keep a later item at fault from stopping every write', async () => {
	// Even items answer once prepared; the last item cannot be prepared.
	const { writes, failed, reason, outcomes } = await runWithFault(300, 299, (item) =>
		item % 2 ? undefined : [{ json: { item } }],
	);
	expect(writes).toBe(0);
	expect(failed).toEqual([299]);
	expect(reason?.description).toBe('Nothing was written: no other item of the 300 has a problem.');
	expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [{ json: { item: 0 } }] });
	expect(outcomes[1]).toEqual({ status: 'fulfilled', value: [] });
});

it('a step that throws no Error (a text) or throws before its promise: every item still settles, none hangs', async () => {
	const contextOf = execution(4);
	const runs = [0, 1, 2, 3].map((i) =>
		inRound(
			contextOf(i),
			async () => {
				// Item 1 throws a text, not an Error.
				if (i === 1) throw 'no SKU';
				return i;
			},
			async (item) => [{ json: { item } }],
		),
	);
	const outcomes = await Promise.allSettled(runs);
	expect(outcomes.map((o) => o.status)).toEqual([
		'fulfilled',
		'rejected',
		'fulfilled',
		'fulfilled',
	]);
	const reason = (outcomes[1] as PromiseRejectedResult).reason as Error & { description?: string };
	expect(reason.message).toBe('no SKU');
	expect(reason.description).toBe('Nothing was written: no other item of the 4 has a problem.');

	const again = execution(3);
	const writes = [0, 1, 2].map((i) =>
		writeInRound(
			again(i),
			{
				prepare: () => i,
				// Item 2's write throws before it returns a promise: a refusal of that item alone.
				write: (_item, prepared) => {
					if (prepared === 2) throw new Error('refused at once');
					return Promise.resolve([{ json: { item: prepared } }]);
				},
			},
			undefined,
			(_item, work) => work,
		),
	);
	const written = await Promise.allSettled(writes);
	expect(written.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
	expect(
		((written[2] as PromiseRejectedResult).reason as Error & { description?: string }).description,
	).toBe(
		'2 of 3 items of this run were written. Turn on Settings → On Error → "Continue (using error output)" to get one result per item.',
	);
});
