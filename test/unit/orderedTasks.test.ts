import { OrderedTasks } from '../../nodes/Pim/shared/orderedTasks';

/** A task whose end the test decides. */
function deferred<T>() {
	let resolve!: (value: T) => void;
	const promise = new Promise<T>((r) => (resolve = r));
	return { promise, resolve };
}

/** Lets every task that can go on run to its next wait. */
const tick = async () => {
	for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('OrderedTasks', () => {
	it('starts the next batches in free slots while one task waits, and hands batches on in order', async () => {
		const delivered: number[][] = [];
		const tasks = new OrderedTasks<number>(3, 100, (results) => delivered.push(results));
		const slow = deferred<number>();
		let started = 0;
		const quick = (n: number) => async () => {
			started++;
			return n;
		};
		await tasks.add([
			async () => {
				started++;
				return await slow.promise;
			},
			quick(2),
		]);
		// The slow task holds one slot: the next batches' tasks start and finish in the others.
		await tasks.add([quick(3), quick(4)]);
		await tasks.add([quick(5), quick(6)]);
		await tick();
		expect(started).toBe(6);
		expect(delivered).toEqual([]);
		slow.resolve(1);
		await tasks.drain();
		expect(delivered).toEqual([
			[1, 2],
			[3, 4],
			[5, 6],
		]);
	});

	it('never runs more tasks at once than its slots', async () => {
		let running = 0;
		let most = 0;
		const tasks = new OrderedTasks<void>(4, 1000, () => {});
		const task = async () => {
			running++;
			most = Math.max(most, running);
			await tick();
			await tick();
			running--;
		};
		for (let i = 0; i < 10; i++) await tasks.add([task, task, task]);
		await tasks.drain();
		expect(most).toBe(4);
	});

	it('waits for the oldest batch once more tasks than its bound wait to be handed on', async () => {
		const delivered: string[][] = [];
		const tasks = new OrderedTasks<string>(10, 3, (results) => delivered.push(results));
		const slow = deferred<string>();
		await tasks.add([() => slow.promise]);
		await tasks.add([async () => 'b', async () => 'c']);
		// A fourth task waiting would pass the bound of 3: adding waits for the slow batch.
		let added = false;
		const adding = tasks.add([async () => 'd']).then(() => (added = true));
		await tick();
		expect(added).toBe(false);
		slow.resolve('a');
		await adding;
		// Handed on until no more than the bound wait: the slow batch only.
		expect(delivered).toEqual([['a']]);
		await tasks.drain();
		expect(delivered).toEqual([['a'], ['b', 'c'], ['d']]);
	});

	it('lets another task start while one waits out a fault, and takes the slot back when it goes on', async () => {
		const delivered: string[][] = [];
		const tasks = new OrderedTasks<string>(1, 100, (results) => delivered.push(results));
		const backoff = deferred<void>();
		const answer = deferred<void>();
		const started: string[] = [];
		let running = 0;
		let most = 0;
		const task = (name: string, wait?: () => Promise<void>) => async () => {
			started.push(name);
			running++;
			most = Math.max(most, running);
			await wait?.();
			running--;
			return name;
		};
		// The only slot's task backs off: the next task starts meanwhile.
		const adding = tasks.add([
			task('paused', async () => {
				tasks.widen(true);
				await backoff.promise;
				tasks.widen(false);
				await answer.promise;
			}),
			task('next'),
			task('last'),
		]);
		await tick();
		expect(started).toEqual(['paused', 'next', 'last']);
		backoff.resolve();
		await adding;
		await tick();
		// Back from its backoff, the task holds the one slot again: nothing else runs beside it.
		const after = tasks.add([task('after')]);
		await tick();
		expect(started).toEqual(['paused', 'next', 'last']);
		answer.resolve();
		await after;
		await tasks.drain();
		expect(started).toEqual(['paused', 'next', 'last', 'after']);
		expect(most).toBe(2);
		expect(delivered).toEqual([['paused', 'next', 'last'], ['after']]);
	});
});
