/**
 * Batches of tasks run as a pipeline: at most `slots` tasks at once, whatever batch they belong
 * to, and each batch's results handed on whole and in the order the batches were added. A slow
 * task holds its own slot, never the others: the next batches' tasks start in the free slots
 * while it waits, and their results wait for it to be handed on in order, up to `waiting` tasks;
 * past that, adding waits for the oldest batch. A task waiting out a fault's backoff (a 503's
 * Retry-After) gives its slot's place to another while it waits (widen).
 *
 * Import File runs a file's windows of rows through it: a fault pauses one row, not its window.
 */
export class OrderedTasks<T> {
	private running = 0;
	/** Tasks waiting for a slot, first come first served. */
	private readonly waiters: Array<() => void> = [];
	/** Batches started and not yet handed on, oldest first, with their task counts. */
	private readonly batches: Array<{ results: Promise<T[]>; size: number }> = [];
	private held = 0;

	constructor(
		/** Tasks run at once; more while some wait out a fault (widen). */
		private slots: number,
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
				task().finally(() => {
					this.running--;
					this.dispatch();
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

	/**
	 * One slot more while a task waits out a fault (`waiting` true), given back when it goes on
	 * (false): the task keeps running, and another may start meanwhile.
	 */
	widen(waiting: boolean): void {
		this.slots += waiting ? 1 : -1;
		this.dispatch();
	}

	private async slot(): Promise<void> {
		if (this.waiters.length === 0 && this.running < this.slots) this.running++;
		// dispatch() counts the task as running before it starts it.
		else await new Promise<void>((resolve) => this.waiters.push(resolve));
	}

	/** Free slots go to the tasks waiting for one, in order. */
	private dispatch(): void {
		while (this.waiters.length > 0 && this.running < this.slots) {
			this.running++;
			this.waiters.shift()!();
		}
	}

	private async handOnOldest(): Promise<void> {
		const { results, size } = this.batches[0];
		const done = await results;
		this.batches.shift();
		this.held -= size;
		this.deliver(done);
	}
}
