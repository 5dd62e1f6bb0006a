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
 * n8n starts every input item at once and, without Continue On Fail, fails the node with the
 * first failed item's error once all settled: the items that did not fail were written, unseen.
 * So, without Continue On Fail (with it, each item stands alone):
 * - every item is prepared before any item writes; when one cannot be, nothing is written: the
 *   first item at fault fails the node and its error lists every item at fault, the others give
 *   nothing;
 * - an item the PIM refuses waits until the others settled, and its error says how many items
 *   of the run were written.
 *
 * Items are prepared PREPARE_SLICE at a time, the next slice once the one before is prepared, so
 * that an item's preparation runs to its end beside few others and what it makes dies young
 * (bench/analysis.md).
 */
const PREPARE_SLICE = 50;

/**
 * Slices are prepared one after another for this long before the event loop gets a turn: a turn
 * after every slice cost a timer's 1 ms each, 1 s in a 50 000-row run.
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
 * The items of a node run as the rows of one run of writes (rowRun.ts): held anyway (so prepared
 * once), and always stopped by a bad row.
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

	/** An item joins (before its first await): its write at its turn, prepared with its Slice. */
	queue<I, P>(item: PimItem, steps: WriteSteps<I, P>, input: I, settle: Settle): Promise<Items> {
		this.registered++;
		let slice = this.slicesWaiting[this.slicesWaiting.length - 1];
		if (!slice || slice.full()) this.slicesWaiting.push((slice = new Slice()));
		if (!this.running) {
			this.running = true;
			void runRows(this, ROUND_STEPS, this).catch((error: unknown) => this.failAll(error));
		}
		return slice.add(item.handle, steps, input, settle);
	}

	/**
	 * The waiting items, a slice at a time. When n8n could not start every item (an expression
	 * failed on a row), the node has failed already: the items do nothing.
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
	 * Items could not be prepared: the first item at fault (whose error n8n shows) gets its error
	 * with every item at fault listed; the others give nothing.
	 */
	async refuse(): Promise<void> {
		const first = this.faults.first();
		for (const { row, error } of this.faulted.splice(0)) {
			if (row.item.index !== first) {
				row.resolve([]);
				continue;
			}
			// With others at fault the list (which holds this item's hint too) replaces its description.
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

	/** An item that writes nothing (an unchanged product) waits for no other item. */
	answered(row: RoundRow, output: Items): void {
		row.resolve(output);
	}

	/** Every item's write starts at once, in index order: two rows of one SKU go in that order. */
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

	/** Once every write settled, each refused item's error says what went in. */
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

	/** The driver itself failed (only a bug in it can): the items still waiting fail with it. */
	private failAll(error: unknown): void {
		for (const slice of this.slicesWaiting.splice(0))
			void slice.start().then((rows) => rows.forEach((row) => row.reject(error)));
	}
}

const ROUND_STEPS: RowSteps<RoundRow, unknown, Items> = {
	prepare: (row) => row.steps.prepare(row.item, row.input),
	answer: (row, prepared) => row.steps.answer?.(row.item, prepared),
	write: (row, prepared) => row.steps.write(row.item, prepared),
};

/** Whether the item writes in a round: version 2 without Continue On Fail, n8n's items at hand. */
export function writesInRound(item: PimItem): boolean {
	return item.version >= 2 && !item.continueOnFail() && item.runItems() !== undefined;
}

const ROUND = new RunSlot<{ round?: WriteRound }>(() => ({}));

/**
 * An operation's write (one object for every item, so a waiting item holds no steps of its own).
 * `input`: what n8n built for the item, if anything (a declarative write's request).
 */
export interface WriteSteps<I, P> {
	/** Reads and checks everything, resolves names: at once once the run's reads are in (Later). */
	prepare: (item: PimItem, input: I) => Later<P>;
	/** Writes, once every item of the round is prepared. */
	write: (item: PimItem, prepared: P) => Promise<INodeExecutionData[]>;
	/** The item's output when preparing it shows it writes nothing (an unchanged product). */
	answer?: (item: PimItem, prepared: P) => INodeExecutionData[] | undefined;
}

/** What the operation makes of an item's outcome (runners.ts), applied at the item's turn. */
export type Settle = (item: PimItem, work: Promise<Items>) => Promise<Items>;

type Items = INodeExecutionData[];

/**
 * One item's write in its round (see WriteRound); without a round (version 1, Continue On Fail)
 * prepare and write simply run one after the other.
 */
export function writeInRound<I, P>(
	item: PimItem,
	steps: WriteSteps<I, P>,
	input: I,
	settle: Settle,
): Promise<Items> {
	if (!writesInRound(item)) return settle(item, writeAlone(item, steps, input));
	const round = (item.run.ofNodeRun(ROUND).round ??= new WriteRound(item.runItems()!.length));
	return round.queue(item, steps, input, settle);
}

/**
 * Up to PREPARE_SLICE items waiting for their turn together. n8n starts every item at once, so
 * what one waiting item holds, all hold: each item's promise is derived from the slice's one
 * promise with its one handler, so it holds that reaction and its entry here, no closure of its
 * own (bench/waiting-items.js). When the slice starts, the handler runs once per item in the
 * order they were added (a promise's reactions' order), taking the next entry.
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

async function writeAlone<I, P>(item: PimItem, steps: WriteSteps<I, P>, input: I): Promise<Items> {
	return await steps.write(item, await steps.prepare(item, input));
}

/** A failure as an Error, to name it and add to what it says (a step may throw anything). */
function asError(failure: unknown): Error {
	return failure instanceof Error ? failure : new Error(String(failure));
}
