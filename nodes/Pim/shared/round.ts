import type { INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { itemAgain, type ItemHandle, type PimItem } from './item';
import { append, Faults, ITEMS, skuOf } from './badRows';
import { RunSlot, type Later } from './run';
import {
	runRows,
	type Done,
	type Pass,
	type RowSink,
	type RowSource,
	type RowSteps,
} from './rowRun';

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
 * With Continue On Fail each item stands alone: every item gets its own result.
 * The round is the items' source and sink of the one driver of a run of writes (rowRun.ts),
 * which applies that rule to a file's rows too.
 *
 * Items are prepared after n8n's loop has started them all, PREPARE_SLICE at a time: the next
 * slice once every item of the one before is prepared (or at fault, or answered), so that an
 * item's preparation runs to its end beside few others and what it makes dies young. An item
 * that writes nothing (a product found unchanged) answers once prepared instead of holding what
 * it prepared until the round's end (WriteSteps.answer). Why, measured: bench/analysis.md
 * ("Comments that told history", "One driver for the items and a file").
 */
const PREPARE_SLICE = 50;

/**
 * Slices are prepared one after another for this long before the event loop gets a turn (other
 * executions' answers, timers): a turn after every slice cost a timer's 1 ms each, 1 s in a
 * 50 000-row run.
 */
const TURN_EVERY_MS = 20;

/** An item of the round once its turn has come: its steps, n8n's request, and its outcome. */
interface RoundRow {
	item: PimItem;
	steps: WriteSteps<unknown, unknown>;
	input: unknown;
	resolve: (items: Items) => void;
	reject: (error: unknown) => void;
}

/**
 * The items of a node run as the rows of one run of writes (rowRun.ts): n8n's items are held
 * anyway, so each is prepared once and kept until every item is; a run of items always stops on
 * a bad row (nothing written), its first item at fault failing the node.
 */
class WriteRound implements RowSource<RoundRow>, RowSink<RoundRow, Items, void> {
	readonly held = true;
	readonly stop = true;
	private registered = 0;
	private written = 0;
	private readonly faults = new Faults(ITEMS);
	private readonly faulted: Array<{ row: RoundRow; error: Error }> = [];
	private readonly refusedRows: Array<{ row: RoundRow; error: Error }> = [];
	private readonly writing: Array<Promise<void>> = [];
	/** Items waiting for their turn, in the order n8n started them, a slice to each Slice. */
	private readonly slicesWaiting: Slice[] = [];
	private running = false;

	constructor(private readonly expected: number) {}

	/** An item joins; called before its first await (see joinRound). */
	register(): void {
		this.registered++;
	}

	/**
	 * The item's write once its turn comes: prepared with its slice. The item waits as one entry of
	 * its slice and one promise, derived from its slice's (see Slice).
	 */
	queue<I, P>(item: PimItem, steps: WriteSteps<I, P>, input: I, settle: Settle): Promise<Items> {
		let slice = this.slicesWaiting[this.slicesWaiting.length - 1];
		if (!slice || slice.full()) this.slicesWaiting.push((slice = new Slice()));
		if (!this.running) {
			this.running = true;
			void runRows(this, ROUND_STEPS, this).catch((error: unknown) => this.failAll(error));
		}
		return slice.add(item.handle, steps, input, settle);
	}

	/**
	 * The waiting items, a slice at a time, each once the slice before is prepared. When n8n could
	 * not start every item (an expression failed on a row), the node has failed already: the items
	 * prepare, read and write nothing.
	 */
	async read(_pass: Pass, each: (rows: RoundRow[]) => Promise<void>): Promise<number> {
		let turnAt = -Infinity;
		let read = 0;
		while (this.slicesWaiting.length > 0) {
			// The first turn also lets n8n's loop start (and register) every item.
			if (Date.now() - turnAt >= TURN_EVERY_MS) {
				await sleep(0);
				turnAt = Date.now();
			}
			const rows = await this.slicesWaiting.shift()!.start();
			read += rows.length;
			if (this.registered < this.expected) for (const row of rows) row.resolve([]);
			else await each(rows);
		}
		return read;
	}

	bad(row: RoundRow, fault: unknown): void {
		const error = asError(fault);
		this.faults.add(row.item.index, skuOf(row.item), error);
		this.faulted.push({ row, error });
	}

	/**
	 * Items could not be prepared: the first item at fault gets its error back with every item at
	 * fault listed (n8n fails the node with the first failed item's error, and names its index);
	 * the others give nothing.
	 */
	async refuse(): Promise<void> {
		const first = this.faults.first();
		for (const { row, error } of this.faulted.splice(0)) {
			if (row.item.index !== first) {
				row.resolve([]);
				continue;
			}
			// Alone in its run, its own error says it all. With others at fault the list, which holds
			// this item's own hint too, replaces its description (badRows.ts).
			if (this.faults.count > 1)
				(error as Error & { description?: string }).description =
					`${this.faults.headline(this.registered)}. ${this.faults.described()}`;
			else if (this.registered > 1)
				append(
					error,
					`Nothing was written: no other item of the ${this.registered} has a problem.`,
				);
			row.reject(error);
		}
	}

	dropped(row: RoundRow): void {
		row.resolve([]);
	}

	/**
	 * The item writes nothing and its output is known once it is prepared (an unchanged product):
	 * it waits for no other item. Should another item be at fault, n8n fails the node all the same.
	 */
	answered(row: RoundRow, output: Items): void {
		row.resolve(output);
	}

	/**
	 * Every item's write starts at once, in the order n8n started the items (its loop goes by
	 * index): two rows of one SKU are written in that order.
	 */
	async write(tasks: Array<() => Promise<void>>): Promise<void> {
		for (const task of tasks) this.writing.push(task());
	}

	/** A written item answers; a refused one waits for the others to settle (drain). */
	done(done: Done<RoundRow, Items>): void {
		if ('output' in done) {
			this.written++;
			done.row.resolve(done.output);
		} else if ('refused' in done)
			this.refusedRows.push({ row: done.row, error: asError(done.refused) });
	}

	/** The PIM refused items' writes: each error says, once every write settled, what went in. */
	async drain(): Promise<void> {
		await Promise.all(this.writing.splice(0));
		for (const { row, error } of this.refusedRows.splice(0)) {
			if (this.registered > 1)
				append(
					error,
					`${this.written} of ${this.registered} items of this run were written. Turn on Settings → On Error → "Continue (using error output)" to get one result per item.`,
				);
			row.reject(error);
		}
	}

	/**
	 * The driver itself failed: the items still waiting for their turn fail with it. Every step's
	 * failure is a row's outcome (rowRun.ts) and every error an Error (asError): the driver throws
	 * only on a bug in it.
	 */
	private failAll(error: unknown): void {
		for (const slice of this.slicesWaiting.splice(0))
			void slice.start().then((rows) => rows.forEach((row) => row.reject(error)));
	}
}

/** An operation's steps as the rows of a round run them. */
const ROUND_STEPS: RowSteps<RoundRow, unknown, Items> = {
	prepare: (row) => row.steps.prepare(row.item, row.input),
	answer: (row, prepared) => row.steps.answer?.(row.item, prepared),
	write: (row, prepared) => row.steps.write(row.item, prepared),
};

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
	 * unchanged product): the item ends once its slice is prepared, without waiting for the round.
	 */
	answer?: (item: PimItem, prepared: P) => INodeExecutionData[] | undefined;
}

/**
 * What the operation makes of an item's outcome (runners.ts): its error as the node shows it, or
 * with Continue On Fail its error item. Applied when the item's turn comes.
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
 * a promise's reactions): it takes the next entry and makes the item's row, whose outcome the
 * item's promise follows. A slice is let go once its items have begun.
 */
class Slice {
	private readonly entries: unknown[] = [];
	private taken = 0;
	private readonly rows: RoundRow[] = [];
	private readonly started: Promise<void>;
	private resolve!: () => void;
	private readonly next = () => {
		const entries = this.entries;
		const at = this.taken;
		this.taken += ENTRY;
		const item = itemAgain(entries[at] as ItemHandle);
		const steps = entries[at + 1] as WriteSteps<unknown, unknown>;
		const input = entries[at + 2];
		const settle = entries[at + 3] as Settle;
		return settle(
			item,
			new Promise<Items>((resolve, reject) =>
				this.rows.push({ item, steps, input, resolve, reject }),
			),
		);
	};

	constructor() {
		this.started = new Promise<void>((resolve) => (this.resolve = resolve));
	}

	full(): boolean {
		return this.entries.length / ENTRY >= PREPARE_SLICE;
	}

	add(handle: ItemHandle, steps: unknown, input: unknown, settle: Settle): Promise<Items> {
		this.entries.push(handle, steps, input, settle);
		return this.started.then(this.next);
	}

	/** Starts the slice's items: their rows, once each has begun. */
	async start(): Promise<RoundRow[]> {
		this.resolve();
		// After every item's reaction to `started` (they were added first).
		await this.started.then(() => undefined);
		return this.rows;
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

/** A failure as an Error, to name it and add to what it says (a step may throw anything). */
function asError(failure: unknown): Error {
	return failure instanceof Error ? failure : new Error(String(failure));
}
