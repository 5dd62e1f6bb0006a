import type { INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { itemAgain, type ItemHandle, type PimItem } from './item';
import { append, Faults, ITEMS, skuOf } from './badRows';
import { isPending, RunSlot, type Later } from './run';

/**
 * The items of one node execution that write, so that a run never hides what it wrote.
 *
 * n8n's declarative engine starts every input item at once and, unless Continue On Fail is on,
 * stops the node with the first failed item's error after all of them settled: items that did
 * not fail were written, unseen. So, without Continue On Fail:
 * - every item is prepared (parameters read, names resolved) before any item writes; when one
 *   cannot be, nothing is written: the first item at fault fails the node (so n8n names its
 *   index) and its error lists every item at fault with its SKU and hint, the others give nothing;
 * - an item the PIM refuses waits until the other items settled, and its error says how many
 *   items of the run were written.
 * With Continue On Fail each item stands alone, as before: every item gets its own result.
 *
 * Items are prepared after n8n's loop has started them all, PREPARE_SLICE at a time: the next
 * slice once every item of the one before is prepared (or at fault, or answered), so that an
 * item's preparation runs to its end beside few others and what it makes dies young. An item
 * that writes nothing (a product found unchanged) answers once prepared instead of holding what
 * it prepared until the round's end (see writeInRound). Why, measured: bench/analysis.md
 * ("Comments that told history").
 */
const PREPARE_SLICE = 50;

/**
 * Slices are prepared one after another for this long before the event loop gets a turn (other
 * executions' answers, timers): a turn after every slice cost a timer's 1 ms each, 1 s in a
 * 50 000-row run.
 */
const TURN_EVERY_MS = 20;

type Moment = 'allPrepared' | 'allSettled';
const MOMENTS: Moment[] = ['allPrepared', 'allSettled'];

export class WriteRound {
	private registered = 0;
	private prepared = 0;
	private written = 0;
	private settled = 0;
	private readonly faults = new Faults(ITEMS);
	/**
	 * Items waiting for a moment of the round, woken together when it comes. The moment is checked
	 * in O(1) on every change; no waiting item checks for itself (that is O(items²)).
	 */
	private readonly moments = {
		allPrepared: () => this.ended() >= this.registered,
		allSettled: () => this.settled >= this.registered,
	};
	private waiting: Record<Moment, Array<{ index: number; wake: () => void }>> = {
		allPrepared: [],
		allSettled: [],
	};
	/** Items waiting for their turn, in the order n8n started them, a slice to each Slice. */
	private readonly slicesWaiting: Slice[] = [];
	private slicing = false;
	/** Items whose preparation has started. */
	private started = 0;
	/** Wakes the slicing loop when an item's preparation has ended (see notify). */
	private preparationEnded?: () => void;

	constructor(private readonly expected: number) {}

	/** An item joins; called before its first await (see joinRound). */
	register(): void {
		this.registered++;
	}

	/**
	 * The item's write once its turn comes: prepared with its slice (see writeInTurn). The item
	 * waits as one entry of its slice and one promise, derived from its slice's (see Slice).
	 */
	queue<I, P>(item: PimItem, steps: WriteSteps<I, P>, input: I, settle: Settle): Promise<Items> {
		let slice = this.slicesWaiting[this.slicesWaiting.length - 1];
		if (!slice || slice.full()) this.slicesWaiting.push((slice = new Slice(this)));
		if (!this.slicing) void this.slices();
		return slice.add(item.handle, steps, input, settle);
	}

	/**
	 * An item's turn has come (Slice.next): it is prepared and then written, unless n8n could not
	 * start every item (an expression failed on a row): then the node has failed already, and it
	 * prepares, reads and writes nothing.
	 */
	begin<I, P>(
		handle: ItemHandle,
		steps: WriteSteps<I, P>,
		input: I,
		settle: Settle,
	): Items | Promise<Items> {
		if (this.registered < this.expected) return [];
		const item = itemAgain(handle);
		return settle(item, writeInTurn(this, item, steps, input));
	}

	/** Starts the waiting items a slice at a time, each once the slice before is prepared. */
	private async slices(): Promise<void> {
		this.slicing = true;
		let turnAt = -Infinity;
		while (this.slicesWaiting.length > 0) {
			// The first turn also lets n8n's loop start (and register) every item.
			if (Date.now() - turnAt >= TURN_EVERY_MS) {
				await sleep(0);
				turnAt = Date.now();
			}
			const slice = this.slicesWaiting.shift()!;
			this.started += slice.size();
			slice.start();
			// Abandoned items (see begin) prepare nothing: they are not waited for.
			while (this.registered >= this.expected && this.ended() < this.started)
				await new Promise<void>((wake) => (this.preparationEnded = wake));
		}
		this.slicing = false;
	}

	/** Items whose preparation has ended: prepared, answered or at fault. */
	private ended(): number {
		return this.prepared + this.faults.count;
	}

	/**
	 * The item is ready to write: waits for every item's preparation. 'abandoned': it writes
	 * nothing, because another item could not be prepared (that item fails the node), or because
	 * n8n could not start some items (an expression failed on their row) and fails the node with
	 * that error itself.
	 */
	async ready(itemIndex: number): Promise<'write' | 'abandoned'> {
		this.prepared++;
		await this.until('allPrepared', itemIndex);
		return this.registered < this.expected || this.faults.count ? 'abandoned' : 'write';
	}

	/**
	 * The item could not be prepared. Once every item is prepared, the first item at fault gets
	 * its error back with every item at fault listed (n8n fails the node with the first failed
	 * item's error, and names its index); the others are 'abandoned'.
	 */
	async problem(itemIndex: number, error: Error, sku?: string): Promise<Error | 'abandoned'> {
		this.faults.add(itemIndex, sku, error);
		await this.until('allPrepared', itemIndex);
		if (this.registered < this.expected || this.faults.first() !== itemIndex) return 'abandoned';
		// Alone in its run, its own error says it all. With others at fault the list, which holds
		// this item's own hint too, replaces its description (badRows.ts).
		if (this.faults.count > 1)
			(error as Error & { description?: string }).description =
				`${this.faults.headline(this.registered)}. ${this.faults.described()}`;
		else if (this.registered > 1)
			append(error, `Nothing was written: no other item of the ${this.registered} has a problem.`);
		return error;
	}

	/**
	 * The item writes nothing and its output is known once it is prepared (an unchanged product):
	 * it waits for no other item. Should another item be at fault, n8n fails the node all the same.
	 */
	answered(): void {
		this.prepared++;
		this.settled++;
		this.notify();
	}

	wrote(): void {
		this.written++;
		this.settled++;
		this.notify();
	}

	/** The PIM refused the item's write: `error` says, once every write settled, what went in. */
	async refused(itemIndex: number, error: Error): Promise<Error> {
		this.settled++;
		await this.until('allSettled', itemIndex);
		if (this.registered > 1)
			append(
				error,
				`${this.written} of ${this.registered} items of this run were written. Turn on Settings → On Error → "Continue (using error output)" to get one result per item.`,
			);
		return error;
	}

	/** Wakes the items waiting for a moment that has come, in the order of their items. */
	private notify(): void {
		const slicing = this.preparationEnded;
		this.preparationEnded = undefined;
		slicing?.();
		for (const moment of MOMENTS) {
			if (this.waiting[moment].length === 0 || !this.moments[moment]()) continue;
			const waiting = this.waiting[moment].sort((a, b) => a.index - b.index);
			this.waiting[moment] = [];
			for (const { wake } of waiting) wake();
		}
	}

	/**
	 * Until the moment has come (checked again on waking). Every item waits, the one whose change
	 * brought the moment too, and all are woken in item order: the items then go on in the order
	 * of their rows (two rows of one SKU are written in that order, the later one last). Every item
	 * that will join has joined by now: items are prepared only after the first slice's turn let
	 * n8n's synchronous loop start (and register) them all.
	 */
	private async until(moment: Moment, index: number): Promise<void> {
		do {
			const woken = new Promise<void>((wake) => this.waiting[moment].push({ index, wake }));
			this.notify();
			await woken;
		} while (!this.moments[moment]());
	}
}

/**
 * Whether the item writes in a round: version 2 without Continue On Fail, n8n's items at hand.
 * Its write then starts once every item of the run is prepared.
 */
export function writesInRound(item: PimItem): boolean {
	return item.version >= 2 && !item.continueOnFail() && item.runItems() !== undefined;
}

/** The write round of a node run (joinRound). */
const ROUND = new RunSlot<{ round?: WriteRound }>(() => ({}));

/**
 * The round of this item's node execution, joined; undefined with Continue On Fail (each item
 * stands alone). Must be called before the item's first await.
 */
function joinRound(item: PimItem): WriteRound | undefined {
	if (!writesInRound(item)) return undefined;
	const items = item.runItems()!;
	const round = (item.run.ofNodeRun(ROUND).round ??= new WriteRound(items.length));
	round.register();
	return round;
}

/**
 * An operation's write, as the round runs it for each item (the same object for every item: an
 * item waiting for its turn holds no steps of its own). `input`: what n8n built for the item, if
 * anything (the request of a declarative write).
 */
export interface WriteSteps<I, P> {
	/** Reads and checks everything, resolves names: at once once the run's reads are in (Later). */
	prepare: (item: PimItem, input: I) => Later<P>;
	/** Writes, once every item of the round is prepared. */
	write: (item: PimItem, prepared: P) => Promise<INodeExecutionData[]>;
	/**
	 * The item's output when it is known once the item is prepared (it writes nothing, as an
	 * unchanged product): the item ends then, without waiting for the round.
	 */
	answer?: (item: PimItem, prepared: P) => INodeExecutionData[] | undefined;
}

/**
 * What the operation makes of an item's outcome (runners.ts): its error as the node shows it, or
 * with Continue On Fail its error item. Applied once the item's write has started.
 */
export type Settle = (item: PimItem, work: Promise<Items>) => Promise<Items>;

type Items = INodeExecutionData[];

/**
 * One item's write in its round: prepared in its slice (see WriteRound), written once every item
 * of the round is prepared, or answered once prepared (WriteSteps). Version 1 and Continue On
 * Fail have no round: prepare and write simply run one after the other.
 *
 * n8n starts every item at once, so what an item holds while it waits for its turn is held by
 * all of them: waiting, an item holds only its slice's entry (n8n's context of the item, its
 * steps, its input) and one promise (see Slice; measured by bench/waiting-items.js).
 */
export function writeInRound<I, P>(
	item: PimItem,
	steps: WriteSteps<I, P>,
	input: I,
	settle: Settle,
): Promise<Items> {
	// Joined before the first await of the item (see joinRound).
	const round = joinRound(item);
	if (!round) return settle(item, writeAlone(item, steps, input));
	return round.queue(item, steps, input, settle);
}

/**
 * Up to PREPARE_SLICE items waiting for their turn together. Each item's promise is derived from
 * the slice's one promise with the slice's one handler, so an item waiting holds that promise and
 * its reaction, and its entry here: no closure, no item object, no resolver of its own. When the
 * slice starts, the handler runs once per item, in the order the items were added (the order of
 * a promise's reactions), and takes the next entry. A slice is let go once its items have begun.
 */
class Slice {
	private readonly entries: unknown[] = [];
	private taken = 0;
	private readonly started: Promise<void>;
	private resolve!: () => void;
	private readonly next = () => {
		const entries = this.entries;
		const at = this.taken;
		this.taken += ENTRY;
		return this.round.begin(
			entries[at] as ItemHandle,
			entries[at + 1] as WriteSteps<unknown, unknown>,
			entries[at + 2],
			entries[at + 3] as Settle,
		);
	};

	constructor(private readonly round: WriteRound) {
		this.started = new Promise<void>((resolve) => (this.resolve = resolve));
	}

	full(): boolean {
		return this.size() >= PREPARE_SLICE;
	}

	size(): number {
		return this.entries.length / ENTRY;
	}

	add(handle: ItemHandle, steps: unknown, input: unknown, settle: Settle): Promise<Items> {
		this.entries.push(handle, steps, input, settle);
		return this.started.then(this.next);
	}

	start(): void {
		this.resolve();
	}
}

/** An entry of a Slice: n8n's context of the item, its steps, its input, its Settle. */
const ENTRY = 4;

async function writeAlone<I, P>(
	item: PimItem,
	steps: WriteSteps<I, P>,
	input: I,
): Promise<INodeExecutionData[]> {
	return await steps.write(item, await steps.prepare(item, input));
}

async function writeInTurn<I, P>(
	round: WriteRound,
	item: PimItem,
	{ prepare, write, answer }: WriteSteps<I, P>,
	input: I,
): Promise<INodeExecutionData[]> {
	let prepared: P;
	try {
		// Prepared in one go once the run's reads are in: no await (see Later in run.ts).
		const made = prepare(item, input);
		prepared = isPending(made) ? await made : made;
		const answered = answer?.(item, prepared);
		if (answered) {
			round.answered();
			return answered;
		}
	} catch (error) {
		const outcome = await round.problem(item.index, error as Error, skuOf(item));
		if (outcome === 'abandoned') return [];
		throw outcome;
	}
	if ((await round.ready(item.index)) === 'abandoned') return [];
	try {
		const result = await write(item, prepared);
		round.wrote();
		return result;
	} catch (error) {
		throw await round.refused(item.index, error as Error);
	}
}
