/**
 * The one driver of a run of writes (shared/rowRun.ts), with a source and a sink of the test's
 * own: what On Bad Rows → Stop and Skip do, and what a held source spares (a second read).
 */
import { runRows } from '../../nodes/Pim/shared/rowRun';
import type { Done, Pass, RowSink, RowSource, RowSteps } from '../../nodes/Pim/shared/rowRun';

/** Rows are numbers; a negative one cannot be prepared; 0 writes nothing (answered at once). */
function source(rows: number[], held: boolean, window = 3) {
	const passes: Pass[] = [];
	const src: RowSource<number> = {
		held,
		async read(pass, each) {
			passes.push(pass);
			for (let at = 0; at < rows.length; at += window) await each(rows.slice(at, at + window));
			return rows.length;
		},
	};
	return { src, passes };
}

function sink(stop: boolean) {
	const log: string[] = [];
	const written: number[] = [];
	const snk: RowSink<number, string, void> = {
		stop,
		bad: (row) => void log.push(`bad ${row}`),
		refuse: async (rows) => void log.push(`refused ${rows}`),
		dropped: (row) => void log.push(`dropped ${row}`),
		answered: (row, output) => void log.push(`answered ${row} ${output}`),
		done(done: Done<number, string>) {
			if ('output' in done) written.push(done.row);
			else log.push(`${'fault' in done ? 'fault' : 'refused'} ${done.row}`);
		},
		async write(tasks: Array<() => Promise<void>>) {
			await Promise.all(tasks.map((task) => task()));
		},
		drain: async () => void log.push('drained'),
	};
	return { snk, log, written };
}

const settledWith: number[][] = [];
const steps: RowSteps<number, number, string> = {
	prepare: (row) => {
		if (row < 0) throw new Error(`row ${row}`);
		// Every other row waits for a read.
		return row % 2 ? Promise.resolve(row) : row;
	},
	answer: (row) => (row === 0 ? 'unchanged' : undefined),
	settle: (rows, ready) => {
		settledWith.push(rows);
		return ready;
	},
	write: async (row) => (row === 9 ? Promise.reject(new Error('refused')) : `wrote ${row}`),
};

beforeEach(() => (settledWith.length = 0));

it('Stop, a file (not held): read twice, every row prepared before any is written, each window settled', async () => {
	const { src, passes } = source([1, 2, 3, 4, 5], false);
	const { snk, log, written } = sink(true);
	expect(await runRows(src, steps, snk)).toBe(5);
	expect(passes).toEqual(['check', 'write']);
	expect(written).toEqual([1, 2, 3, 4, 5]);
	expect(settledWith).toEqual([
		[1, 2, 3],
		[4, 5],
		[1, 2, 3],
		[4, 5],
	]);
	expect(log).toEqual(['drained']);
});

it('Stop, a file: a bad row anywhere writes nothing and refuses the run', async () => {
	const { src, passes } = source([1, 2, 3, 4, -5], false);
	const { snk, log, written } = sink(true);
	await runRows(src, steps, snk);
	expect(passes).toEqual(['check']);
	expect(written).toEqual([]);
	expect(log).toEqual(['bad -5', 'refused 5']);
});

it('Stop, items (held): read once, answered rows let go at once, the run settled whole before writing', async () => {
	const { src, passes } = source([1, 0, 3, 4, 9], true);
	const { snk, log, written } = sink(true);
	await runRows(src, steps, snk);
	// One pass, which writes.
	expect(passes).toEqual(['write']);
	expect(settledWith).toEqual([[1, 3, 4, 9]]);
	expect(written).toEqual([1, 3, 4]);
	expect(log).toEqual(['answered 0 unchanged', 'refused 9', 'drained']);
});

it('Stop, items: a bad row drops every held row, answered rows keep their answer', async () => {
	const { src } = source([1, 0, -3, 4], true);
	const { snk, log, written } = sink(true);
	await runRows(src, steps, snk);
	expect(written).toEqual([]);
	expect(log).toEqual(['answered 0 unchanged', 'dropped 1', 'bad -3', 'dropped 4', 'refused 4']);
});

it('Skip: read once, bad rows handed on in their place, the others written', async () => {
	const { src, passes } = source([1, -2, 3, 9, 5], false);
	const { snk, log, written } = sink(false);
	await runRows(src, steps, snk);
	expect(passes).toEqual(['write']);
	expect(written).toEqual([1, 3, 5]);
	expect(log).toEqual(['fault -2', 'refused 9', 'drained']);
});
