import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * The one home of per-run state. Reads shared by the items (the attribute catalogue, the
 * reference lists) are kept per workflow execution, so Loop Over Items' batches read the account
 * once and each sees what the one before changed; what belongs to one run of the node (its write
 * round, a read that failed) is kept per run. Keyed by objects n8n holds for as long as they
 * matter (ItemPlace), so everything here is freed with the execution.
 */
class ExecutionState {
	readonly reads = new Map<string, Promise<unknown>>();
	/** The answers of `reads` that have arrived, given without an await. */
	readonly answers = new Map<string, unknown>();
	readonly nodeRuns = new WeakMap<object, Map<RunSlot<unknown>, unknown>>();
	readonly queues = new Map<string, Promise<unknown>>();
}

/** A kind of state kept per node run (PimRun.ofNodeRun), made by `create` when first asked for. */
export class RunSlot<T> {
	constructor(private readonly create: () => T) {}

	/** The slot's value among a run's `slots`, made the first time. */
	in(slots: Map<RunSlot<unknown>, unknown>): T {
		if (!slots.has(this)) slots.set(this, this.create());
		return slots.get(this) as T;
	}
}

/** Reads that failed in this run of the node, by key (ItemRun.shared). */
const FAILED_READS = new RunSlot(() => new Map<string, Promise<unknown>>());

export interface PimRun {
	shared<T>(key: string, what: string, read: () => Promise<T>): Later<T>;
	ofNodeRun<T>(slot: RunSlot<T>): T;
	inTurn<T>(key: string, task: () => Promise<T>): Promise<T>;
}

const executions = new WeakMap<object, ExecutionState>();

/** Where an item stands (item.ts reads it from n8n): its run's keys, what an error needs. */
export interface ItemPlace {
	/** The node run (its execute data); undefined where the context has none. */
	readonly nodeRun?: object;
	/**
	 * The execution (the node's context object, one per node per execution); where there is none
	 * (n8n's Tool executor, a test) the node run stands in. Asked for only when the node run is new.
	 */
	execution(): object | undefined;
	node(): INode;
	readonly itemIndex: number;
}

/** An item's view of its execution's state (see ExecutionState): no closure, nothing retained. */
class ItemRun implements PimRun {
	constructor(
		private readonly state: ExecutionState,
		private readonly place: ItemPlace,
	) {}

	/**
	 * `read`'s answer, read once per execution and shared; once in, given as it is, not as a
	 * promise (see Later). A failed read is remembered for the run of the node only, so a PIM that
	 * is down costs one read, not one per item; every item then fails with the API's message under
	 * its own index, and the next run (the next batch) reads again.
	 */
	shared<T>(
		key: string,
		/** What was read, for the error: "the account's families". */
		what: string,
		read: () => Promise<T>,
	): Later<T> {
		const { reads, answers } = this.state;
		const failures = this.ofNodeRun(FAILED_READS);
		const failed = failures.get(key) as Promise<T> | undefined;
		if (!failed && answers.has(key)) return answers.get(key) as T;
		let pending = failed ?? (reads.get(key) as Promise<T> | undefined);
		if (!pending) {
			const reading = read();
			reads.set(key, reading);
			reading.then(
				(answer) => {
					if (reads.get(key) === reading) answers.set(key, answer);
				},
				() => {
					failures.set(key, reading);
					if (reads.get(key) === reading) reads.delete(key);
				},
			);
			pending = reading;
		}
		return this.answerOf(pending, what);
	}

	/** A pending read's answer; its failure as the item's own error. */
	private async answerOf<T>(pending: Promise<T>, what: string): Promise<T> {
		try {
			return await pending;
		} catch (error) {
			const { message, description, httpCode } = error as NodeApiError;
			throw new NodeApiError(
				this.place.node(),
				{ message },
				{
					message: `Could not read ${what}: ${message}`,
					description: description ?? undefined,
					httpCode: httpCode ?? undefined,
					itemIndex: this.place.itemIndex,
				},
			);
		}
	}

	/** The slot's value for this run of the node (its execute data), made the first time. */
	ofNodeRun<T>(slot: RunSlot<T>): T {
		const runKey = this.place.nodeRun ?? this.state;
		let slots = this.state.nodeRuns.get(runKey);
		if (!slots) this.state.nodeRuns.set(runKey, (slots = new Map()));
		return slot.in(slots);
	}

	/**
	 * Runs `task` after every task queued before under the same key has settled: two items of a
	 * sync with the same SKU run one after the other, so the second sees what the first wrote.
	 * A key is forgotten once its last task has settled.
	 */
	async inTurn<T>(key: string, task: () => Promise<T>): Promise<T> {
		const { queues } = this.state;
		const previous = queues.get(key) ?? Promise.resolve();
		const current = previous.then(task, task);
		queues.set(key, current);
		try {
			return await current;
		} finally {
			if (queues.get(key) === current) queues.delete(key);
		}
	}
}

/** The execution's state of each node run (its execute data), so the context is looked up once. */
const byNodeRun = new WeakMap<object, ExecutionState>();

export function runOf(place: ItemPlace): PimRun {
	const { nodeRun } = place;
	let state = nodeRun ? byNodeRun.get(nodeRun) : undefined;
	if (!state) {
		const key = place.execution() ?? nodeRun;
		state = key ? executions.get(key) : undefined;
		if (!state) {
			state = new ExecutionState();
			if (key) executions.set(key, state);
		}
		if (nodeRun) byNodeRun.set(nodeRun, state);
	}
	return new ItemRun(state, place);
}

/**
 * A value, or the promise of it while it is being read (a shared read). Code goes on with
 * `andThen` and `all`, so that once every read is in, an item is prepared with nothing awaited.
 */
export type Later<T> = T | Promise<T>;

// Not `instanceof Promise`: a promise of another realm (jest's, n8n's sandbox) is one all the same.
export const isPending = <T>(value: Later<T>): value is Promise<T> =>
	typeof (value as { then?: unknown } | null | undefined)?.then === 'function';

/** `next` of the value: at once when it is in, else once it is read. */
export function andThen<T, U>(value: Later<T>, next: (value: T) => Later<U>): Later<U> {
	return isPending(value) ? value.then(next) : next(value);
}

/**
 * Every value, at once when all are in, else once all are read. A failed read fails it once every
 * read has settled: a run that ends on a failure leaves no read of its own running.
 */
export function all<T extends readonly unknown[]>(values: {
	[K in keyof T]: Later<T[K]>;
}): Later<T> {
	if (!values.some(isPending)) return values as unknown as T;
	return Promise.allSettled(values).then((results) => {
		const failed = results.find((r) => r.status === 'rejected');
		if (failed) throw failed.reason;
		return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
	});
}
