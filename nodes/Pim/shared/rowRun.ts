import { isPending, type Later } from './run';

/**
 * The one driver of a run of writes, for n8n's items (round.ts) and a catalogue file's rows
 * (Import File): rows come from a source a window at a time, are prepared and written, and what
 * each gives goes to a sink.
 *
 * On Bad Rows → Stop (every run of items, a file by default): nothing is written when a row
 * cannot be prepared. Rows held anyway (n8n's items) are kept prepared until every row is; a
 * file is read twice: once to prepare every row, once to prepare and write. Skip: a bad row is
 * handed on as bad, the others are written.
 */

/** What a row's preparation gave: its prepared write, what it outputs at once, or its fault. */
export type Ready<P, O> = { write: P } | { output: O } | { fault: unknown };

/** A row as the sink gets it: what it output (written or answered), or its fault or refusal. */
export type Done<R, O> = { row: R } & ({ output: O } | { fault: unknown } | { refused: unknown });

/** What a run does with each row. */
export interface RowSteps<R, P, O> {
	/** Reads and checks the row (throws: a bad row); at once once the run's reads are in (Later). */
	prepare(row: R): Later<P>;
	/** The row's output when preparing it shows it writes nothing (an unchanged product). */
	answer?(row: R, prepared: P): O | undefined;
	/**
	 * A window's rows once all are prepared, before any is written: what the rows around a row
	 * settle (a product group). With a held source the window is the whole run.
	 */
	settle?(rows: R[], ready: Array<Ready<P, O>>, pass: Pass): Later<Array<Ready<P, O>>>;
	/** Writes the row (rejects: the PIM refused it). */
	write(row: R, prepared: P): Promise<O>;
}

/**
 * A pass over the rows: `check` prepares every row and writes none (Stop, a source not held),
 * `write` writes (a held source's one pass too).
 */
export type Pass = 'check' | 'write';

export interface RowSource<R> {
	/** Whether its rows are held anyway (n8n's items): then they are prepared once. */
	readonly held: boolean;
	/** One pass: `each` gets every window in order (the source may stop early); the rows read. */
	read(pass: Pass, each: (rows: R[]) => Promise<void>): Promise<number>;
}

/** Where a run's rows go; `T`: what a row's write task settles with (what `done` gives). */
export interface RowSink<R, O, T> {
	/** On Bad Rows → Stop. */
	readonly stop: boolean;
	/** Stop: a row that cannot be prepared (nothing will be written). */
	bad(row: R, fault: unknown): void;
	/** Stop, after the check, when rows were bad: says so (rows: how many were read). */
	refuse(rows: number): Promise<void>;
	/** A held row not written, because another row was bad. */
	dropped(row: R): void;
	/** A held row's output, known once it is prepared (a source not held has it written). */
	answered(row: R, output: O): void;
	/** Takes a row's outcome as its write task settles (never rejects: a task settles with it). */
	done(done: Done<R, O>): T;
	/** Runs a window's tasks: each settles with what `done` gave for its row. */
	write(tasks: Array<() => Promise<T>>): Promise<void>;
	/** Waits for every task handed on to be done. */
	drain(): Promise<void>;
}

/** Runs the rows of `source` through `steps` into `sink`: the rows read. */
export async function runRows<R, P, O, T>(
	source: RowSource<R>,
	steps: RowSteps<R, P, O>,
	sink: RowSink<R, O, T>,
): Promise<number> {
	if (sink.stop && source.held) return await heldRun(source, steps, sink);
	if (sink.stop) {
		let bad = false;
		const rows = await source.read('check', async (window) => {
			const ready = await prepareWindow(window, steps, 'check');
			for (const [i, one] of ready.entries())
				if ('fault' in one) {
					bad = true;
					sink.bad(window[i], one.fault);
				}
		});
		if (bad) {
			await sink.refuse(rows);
			return rows;
		}
	}
	const rows = await source.read('write', async (window) => {
		await sink.write(tasksOf(window, await prepareWindow(window, steps, 'write'), steps, sink));
	});
	await sink.drain();
	return rows;
}

/**
 * Stop, with rows held anyway: each row prepared once and kept (a row answered at once is let
 * go), the run settled whole once every row is prepared, then written unless a row is bad.
 */
async function heldRun<R, P, O, T>(
	source: RowSource<R>,
	steps: RowSteps<R, P, O>,
	sink: RowSink<R, O, T>,
): Promise<number> {
	let held: R[] = [];
	let ready: Array<Ready<P, O>> = [];
	const rows = await source.read('write', async (window) => {
		const made = await prepareWindow(window, steps);
		for (const [i, row] of window.entries()) {
			const one = made[i];
			if ('output' in one) sink.answered(row, one.output);
			else {
				held.push(row);
				ready.push(one);
			}
		}
	});
	if (steps.settle) ready = await steps.settle(held, ready, 'write');
	if (ready.some((one) => 'fault' in one)) {
		for (const [i, one] of ready.entries())
			if ('fault' in one) sink.bad(held[i], one.fault);
			else sink.dropped(held[i]);
		await sink.refuse(rows);
		return rows;
	}
	const tasks = tasksOf(held, ready, steps, sink);
	// What each row prepared is its task's from now on, let go as it is written.
	held = [];
	ready = [];
	await sink.write(tasks.splice(0));
	await sink.drain();
	return rows;
}

/** A window's rows prepared, in order (rows of a group join it in order), then settled. */
async function prepareWindow<R, P, O>(
	rows: R[],
	steps: RowSteps<R, P, O>,
	pass?: Pass,
): Promise<Array<Ready<P, O>>> {
	const made: Array<Later<Ready<P, O>>> = rows.map((row) => prepareOne(row, steps));
	const all = made.some(isPending) ? await Promise.all(made) : (made as Array<Ready<P, O>>);
	return pass && steps.settle ? await steps.settle(rows, all, pass) : all;
}

/** One row prepared: never rejects. */
function prepareOne<R, P, O>(row: R, steps: RowSteps<R, P, O>): Later<Ready<P, O>> {
	const answered = (prepared: P): Ready<P, O> => {
		try {
			const output = steps.answer?.(row, prepared);
			return output !== undefined ? { output } : { write: prepared };
		} catch (fault) {
			return { fault };
		}
	};
	try {
		const made = steps.prepare(row);
		return isPending(made) ? made.then(answered, (fault: unknown) => ({ fault })) : answered(made);
	} catch (fault) {
		return { fault };
	}
}

/** The write tasks of rows made ready: each settles with what the sink made of the row's outcome. */
function tasksOf<R, P, O, T>(
	rows: R[],
	ready: Array<Ready<P, O>>,
	steps: RowSteps<R, P, O>,
	sink: RowSink<R, O, T>,
): Array<() => Promise<T>> {
	return rows.map((row, i) => taskOf(row, ready[i], steps, sink));
}

/**
 * One row's write task. Made apart from its window so that it holds its own row and preparation
 * only: a write waiting for its turn would otherwise keep its window's rows, long enough for V8 to
 * move them to its old space (bench/analysis.md, "The sync's memory: what a write holds").
 */
function taskOf<R, P, O, T>(
	row: R,
	one: Ready<P, O>,
	steps: RowSteps<R, P, O>,
	sink: RowSink<R, O, T>,
): () => Promise<T> {
	if (!('write' in one)) return async () => sink.done({ row, ...one });
	return () => {
		try {
			return steps.write(row, one.write).then(
				(output) => sink.done({ row, output }),
				(refused: unknown) => sink.done({ row, refused }),
			);
		} catch (refused) {
			return Promise.resolve().then(() => sink.done({ row, refused }));
		}
	};
}
