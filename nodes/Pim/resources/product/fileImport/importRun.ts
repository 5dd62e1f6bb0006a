import type { IDataObject } from 'n8n-workflow';

import type { PimItem } from '../../../shared/item';
import { optionalString } from '../../../shared/params';
import { OrderedTasks } from '../../../shared/orderedTasks';
import type { PimRun } from '../../../shared/run';
import {
	runRows,
	type Done,
	type Pass,
	type Ready,
	type RowSink,
	type RowSource,
} from '../../../shared/rowRun';
import { runClient } from '../../../shared/operations';
import type { PimClient } from '../../../shared/transport';
import { readCatalogue, type Catalogue } from '../account/catalogue';
import { fieldsAsked } from '../engine/compare';
import { accountAttributes } from '../account/lists';
import { matchField } from '../engine/mapping';
import { planOf } from '../engine/plan';
import { syncOptions, type SyncOptions } from '../engine/sync';
import type { ProductWrite } from '../engine/stages';
import { FileReport, type ReportRows } from './fileReport';
import type { CutGroup } from '../sources/fileWindow';
import { ImportLedger } from './ledger';
import {
	fileParameters,
	FileRun,
	readWindows,
	type FileLine,
	type FileProgress,
} from '../sources/source';
import { fileSteps, ROWS_WAITING, type RowWriting, type Written } from './writeRows';

/**
 * One catalogue file's import (Import File): the file is the source and the ledger the sink of
 * the one driver of a run of writes (shared/rowRun.ts), its rows the steps of writeRows.ts. With
 * On Bad Rows → Stop the file is read twice (a file is never held): every row is prepared first,
 * and nothing is written when one cannot be. Its rows are written against the account's catalogue
 * read once, as a pipeline (shared/orderedTasks.ts): a row paused by a fault holds its own slot,
 * never its window, and the report lists the rows in line order. The node holds the catalogue's
 * digests and a window of rows, never the file's rows.
 */

/**
 * Where a pass is in its file, for the progress line: the part read and the time left at the
 * pace so far (`elapsedMs`: since the pass began); nothing when the file's size is not known.
 */
export function whereInFile({ bytes, size }: FileProgress, elapsedMs: number): string {
	if (!size || bytes <= 0) return '';
	const part = Math.min(bytes / size, 1);
	if (part === 1) return ' (the whole file)';
	const left = Math.ceil(((elapsedMs / part) * (1 - part)) / 1000);
	return ` (${Math.floor(part * 100)} % of the file, about ${left} s left)`;
}

/** How often a long import says where it is (PimItem.progress: n8n's log, the editor's console). */
const PROGRESS_EVERY_MS = 10_000;

/** The catalogue's read beside the check pass (FileImport.readEarly). */
interface EarlyRead {
	fields: Set<string>;
	read: Promise<Catalogue>;
	control: {
		/** Set once the file is refused or stopped, or the read is not the one the writes need. */
		stopped: boolean;
		/** Taken by the write pass as the execution's catalogue. */
		handedOn: boolean;
	};
}

class FileImport implements RowSource<FileLine>, RowSink<FileLine, Written, Written>, RowWriting {
	readonly held = false;
	readonly stop: boolean;
	private readonly given: IDataObject;
	/** One long run: its requests keep to the pace a rate limit taught, not just its pauses. */
	readonly pim: PimClient;
	readonly sync: SyncOptions;
	readonly report: FileReport;
	readonly ledger = new ImportLedger();
	run: PimRun;
	catalogue?: Catalogue;
	/** Stopping the execution in n8n stops the import between windows (requests sent end). */
	private readonly cancel?: AbortSignal;
	stopped = false;
	/** The fields the rows' comparisons read: the catalogue digests only those (catalogue.ts). */
	private readonly asked = new Set<string>();
	private early?: EarlyRead;
	private readonly pipeline: OrderedTasks<Written>;
	private said = Date.now();
	private rowsRead = 0;
	/** The pass's start and where it is in the file, for the progress said (PimItem.progress). */
	private started = Date.now();
	private readonly progress: FileProgress = { bytes: 0 };
	/** The file's header (Skip: the catalogue digests the fields its columns name). */
	private headers?: string[];

	constructor(private readonly item: PimItem) {
		this.given = fileParameters(item);
		// A row waiting out a fault lets another row write meanwhile (writeRows.ts).
		this.pim = runClient(item, true, (waiting) => this.pipeline.widen(waiting));
		// As many rows written at once as the account takes requests in flight (writeRows.ts).
		this.pipeline = new OrderedTasks<Written>(
			this.pim.settings.maxConcurrency,
			ROWS_WAITING,
			(outcomes) => this.reported(outcomes),
		);
		this.run = new FileRun(item.run);
		const fileOptions = (this.given.fileOptions ?? {}) as IDataObject;
		this.stop = fileOptions.onBadRows !== 'skip';
		// The catalogue is read once; its unchanged products are left as they are unless told.
		this.sync = syncOptions(
			{ ...((this.given.upsertOptions ?? {}) as IDataObject), lookup: 'allProducts' },
			{ skipUnchanged: true },
		);
		this.report = new FileReport(
			(optionalString(fileOptions.report) ?? 'changes') as ReportRows,
			fileOptions.outputRows === true,
			fileOptions.badRowsFile === true,
		);
		this.cancel = item.cancelSignal();
	}

	/** One pass over the file, in a run of its own; a refused file says what each pass wrote. */
	async read(pass: Pass, each: (rows: FileLine[]) => Promise<void>): Promise<number> {
		this.run = new FileRun(this.item.run);
		this.said = this.started = Date.now();
		const written = (cut?: CutGroup) =>
			`The rows before it were imported${cut ? `, but those of its product group "${cut.group}" (from line ${cut.line})` : ''}: ${this.ledger.said()}.`;
		return await readWindows(
			this.item,
			this.given,
			this.run,
			async (window, read) => {
				this.rowsRead = read;
				this.headers ??= window[0]?.headers;
				await each(window);
				this.stopped = this.cancel?.aborted === true;
				return !this.stopped;
			},
			pass === 'check'
				? { writeBefore: false, said: () => 'Nothing was written.' }
				: { writeBefore: true, said: written },
			() => this.pipeline.drain(),
			this.progress,
		);
	}

	/**
	 * A window settled: on the check pass its writes' fields asked (the first starts the
	 * catalogue's read beside the check); before the first write, the catalogue.
	 */
	async settled(ready: Array<Ready<ProductWrite, Written>>, pass: Pass): Promise<void> {
		if (pass === 'check') {
			for (const one of ready) if ('write' in one) this.ask(one.write);
			if (!this.early) await this.readEarly();
			return;
		}
		if (this.catalogue) return;
		const plan = planOf(this.run);
		const early = this.early;
		if (early && [...this.asked].every((field) => early.fields.has(field))) {
			// Another item's read of the same fields, under way, is the execution's: then this one stops.
			const taken = () => {
				early.control.handedOn = true;
				return early.read;
			};
			this.catalogue = await plan.catalogue(this.pim, true, early.fields, taken);
			await this.stopEarly();
			return;
		}
		await this.stopEarly();
		// On Bad Rows → Skip every row's fields are not known yet: the first window's and those
		// the headers name are (a row asking about another field has its product read).
		if (!this.stop) {
			for (const one of ready) if ('write' in one) this.ask(one.write);
			await this.headerFields(this.asked);
		}
		this.catalogue = await plan.catalogue(this.pim, true, this.asked);
	}

	/**
	 * On Bad Rows → Stop the check pass reads the whole file before anything is written, and the
	 * catalogue is read beside it (the check is the node's CPU, the read the PIM's pace) with the
	 * fields known by then: the first window's and those the headers name. The write pass takes it
	 * when those cover every field the check found asked about, and reads the catalogue again
	 * otherwise; a refused or stopped file stops it (stopEarly).
	 */
	private async readEarly(): Promise<void> {
		const fields = new Set(this.asked);
		await this.headerFields(fields);
		const control = { stopped: false, handedOn: false };
		const attributes = () => accountAttributes(this.run, this.pim);
		const read = readCatalogue(this.pim, true, attributes, fields, () => control.stopped);
		// Its failure is met where the write pass takes it.
		read.catch(() => {});
		this.early = { fields, read, control };
	}

	/** Stops the catalogue's read beside the check, unless handed on, and waits for its requests. */
	async stopEarly(): Promise<void> {
		if (!this.early || this.early.control.handedOn) return;
		this.early.control.stopped = true;
		await this.early.read.catch(() => {});
	}

	/** The attributes the file's headers name, added to `fields`. */
	private async headerFields(fields: Set<string>): Promise<void> {
		const attributes = await accountAttributes(this.run, this.pim);
		for (const header of this.headers ?? [])
			for (const attribute of matchField(header, attributes)) fields.add(attribute.code);
	}

	private ask(write: ProductWrite): void {
		for (const field of fieldsAsked(write.body(), write.lists, this.sync.isDataOverwrite))
			this.asked.add(field);
	}

	bad(line: FileLine, fault: unknown): void {
		this.ledger.problem(line.line, line.row.sku(), fault);
	}

	/** On Bad Rows → Stop: throws naming the bad rows. */
	async refuse(rows: number): Promise<void> {
		await this.stopEarly();
		const refused = this.ledger.nothingWritten(rows);
		if (refused) throw refused;
	}

	dropped(): void {}

	answered(): void {}

	/** A window's rows through the pipeline; a long import says where it is. */
	async write(tasks: Array<() => Promise<Written>>): Promise<void> {
		await this.pipeline.add(tasks);
		if (Date.now() - this.said >= PROGRESS_EVERY_MS) {
			this.said = Date.now();
			this.item.progress(
				`PIM Import File: ${this.rowsRead} rows read${whereInFile(this.progress, Date.now() - this.started)}, ${this.ledger.said()}`,
			);
		}
	}

	async drain(): Promise<void> {
		await this.pipeline.drain();
	}

	/**
	 * A row's outcome, kept until its window is reported: one the report does not say is kept as
	 * UNSAID (rows done behind a slow write wait, long enough for V8 to move them to its old
	 * space). A row not written is counted and kept for the bad rows file.
	 */
	done(done: Done<FileLine, Written>): Written {
		if ('output' in done) return this.report.says(done.output) ? done.output : UNSAID;
		const { line, row, headers, cells } = done.row;
		const sku = row.sku();
		const error = this.ledger.problem(line, sku, 'fault' in done ? done.fault : done.refused);
		return { line, sku, operation: 'failed', error, bad: { headers, cells } };
	}

	/** A window's outcomes, in line order: the report, the bad rows file. */
	private reported(outcomes: Written[]): void {
		outcomes.sort((a, b) => a.line - b.line);
		for (const outcome of outcomes)
			if (outcome.bad) {
				this.report.badRow(outcome.bad.headers, outcome.bad.cells);
				delete outcome.bad;
			}
		this.report.add(outcomes);
	}

	summary(rows: number): IDataObject {
		const { refused, faulted } = this.pim.retries;
		const { confirmed, failed } = this.ledger;
		const { notice, ...notes } = planOf(this.run).report.notes(
			rows,
			{ refused, faulted, confirmed },
			failed,
		);
		return {
			// The notice first: n8n shows an item's fields in their order.
			...(notice !== undefined ? { notice } : {}),
			rows,
			...this.ledger.counts,
			failed: this.ledger.failed,
			problems: this.ledger.listed(),
			// Requests tried again (after a fault or a refusal), and lost answers found written.
			retried: refused + faulted,
			confirmed,
			...(this.sync.dryRun ? { dryRun: true } : {}),
			...(this.stopped ? { stopped: true } : {}),
			...this.report.warnedRows(),
			...notes,
		};
	}
}

/** The outcome of every row the report does not say (FileImport.done): nothing of its own. */
const UNSAID: Written = Object.freeze({ line: 0, operation: 'unchanged' });

/** Imports one file: its summary, its report (the report file, the changed rows). */
export async function importOne(
	item: PimItem,
): Promise<{ summary: IDataObject; report: FileReport }> {
	const file = new FileImport(item);
	try {
		const rows = await runRows(file, fileSteps(file), file);
		return { summary: file.summary(rows), report: file.report };
	} finally {
		// A file refused or stopped in its check pass: no request outlives the import.
		await file.stopEarly();
	}
}
