/**
 * Batches of tasks run as a pipeline: at most `slots` tasks at once, whatever batch they belong
 * to, and each batch's results handed on whole and in the order the batches were added. A slow
 * task holds its own slot, never the others: the next batches' tasks start in the free slots
 * while it waits (a retry after its Retry-After), and their results wait for it to be handed on
 * in order, up to `waiting` tasks; past that, adding waits for the oldest batch.
 *
 * Import File runs a file's windows of rows through it: a fault pauses one row, not its window.
 */
export class OrderedTasks<T> {
	private running = 0;
	private readonly free: Array<() => void> = [];
	/** Batches started and not yet handed on, oldest first, with their task counts. */
	private readonly batches: Array<{ results: Promise<T[]>; size: number }> = [];
	private held = 0;

	constructor(
		private readonly slots: number,
		private readonly waiting: number,
		/** Gets each batch's results, batch after batch in the order they were added. */
		private readonly deliver: (results: T[]) => void,
	) {}

	/**
	 * Starts a batch's tasks as slots free up; resolves once each has started (and older batches
	 * past the waiting bound were handed on). A task's rejection rejects the batch's delivery:
	 * tasks are expected to settle with a result.
	 */
	async add(tasks: Array<() => Promise<T>>): Promise<void> {
		const started: Array<Promise<T>> = [];
		for (const task of tasks) {
			await this.slot();
			started.push(
				// A finished task's slot goes to the next task waiting for one, else it is freed.
				task().finally(() => {
					const next = this.free.shift();
					if (next) next();
					else this.running--;
				}),
			);
		}
		this.batches.push({ results: Promise.all(started), size: tasks.length });
		this.held += tasks.length;
		while (this.held > this.waiting && this.batches.length) await this.handOnOldest();
	}

	/** Waits for every batch and hands each on. */
	async drain(): Promise<void> {
		while (this.batches.length) await this.handOnOldest();
	}

	private async slot(): Promise<void> {
		if (this.running < this.slots) this.running++;
		else await new Promise<void>((resolve) => this.free.push(resolve));
	}

	private async handOnOldest(): Promise<void> {
		const { results, size } = this.batches[0];
		const done = await results;
		this.batches.shift();
		this.held -= size;
		this.deliver(done);
	}
}
