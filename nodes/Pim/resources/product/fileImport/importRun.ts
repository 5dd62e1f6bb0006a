import type { IDataObject } from 'n8n-workflow';

import type { PimItem } from '../../../shared/item';
import { optionalString } from '../../../shared/params';
import { OrderedTasks } from '../../../shared/orderedTasks';
import type { PimRun } from '../../../shared/run';
import { runClient } from '../../../shared/operations';
import type { PimClient } from '../../../shared/transport';
import type { Catalogue } from '../account/catalogue';
import { fieldsAsked } from '../engine/compare';
import { accountAttributes } from '../account/lists';
import { matchField } from '../engine/mapping';
import { planOf } from '../engine/plan';
import { syncOptions, type SyncOptions } from '../engine/sync';
import { FileReport, type ReportRows } from './fileReport';
import type { CutGroup } from '../sources/fileWindow';
import { ImportLedger } from './ledger';
import {
	fileParameters,
	FileRun,
	prepareRows,
	readWindows,
	type FileLine,
} from '../sources/source';
import { readyToWrite, ROWS_IN_FLIGHT, ROWS_WAITING, writeRow, type Written } from './writeRows';
import type { ProductWrite } from '../engine/stages';

/**
 * One catalogue file's import (Import File). With On Bad Rows → Stop the file is read twice:
 * every row is prepared first, and nothing is written when one cannot be. Then its rows are
 * decided and written as Create or Update's items are (writeRows.ts), against the account's
 * catalogue read once, as a pipeline (shared/orderedTasks.ts): a row paused by a fault holds its
 * own slot, never its window, and the report lists the rows in line order. The node holds the
 * catalogue's digests and a window of rows, never the file's rows.
 */

/** How often a long import says where it is in n8n's log. */
const PROGRESS_EVERY_MS = 10_000;

/** One file's import: its summary, its report (the report file, the changed rows). */
export interface Imported {
	summary: IDataObject;
	report: FileReport;
}

/** Forgets a finished window's product groups (the node holds a window: groups are never cut). */
function forgetWindow(run: PimRun): void {
	planOf(run).groups.clear();
}

class FileImport {
	private readonly given: IDataObject;
	/** One long run: its requests keep to the pace a rate limit taught, not just its pauses. */
	private readonly pim: PimClient;
	private readonly sync: SyncOptions;
	readonly stopOnBadRows: boolean;
	readonly report: FileReport;
	private readonly ledger = new ImportLedger();
	/** Stopping the execution in n8n stops the import between windows (requests sent end). */
	private readonly cancel?: AbortSignal;
	/** The fields the rows' comparisons read: the catalogue digests only those (catalogue.ts). */
	private readonly asked = new Set<string>();

	constructor(private readonly item: PimItem) {
		this.given = fileParameters(item);
		this.pim = runClient(item, true);
		const fileOptions = (this.given.fileOptions ?? {}) as IDataObject;
		this.stopOnBadRows = fileOptions.onBadRows !== 'skip';
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

	private ask(write: ProductWrite): void {
		for (const field of fieldsAsked(write.body(), write.lists, this.sync.isDataOverwrite))
			this.asked.add(field);
	}

	/** On Bad Rows → Stop: every row prepared before any is written; throws naming the bad ones. */
	async check(): Promise<void> {
		const check = new FileRun(this.item.run);
		const rows = await readWindows(
			this.item,
			this.given,
			check,
			async (window) => {
				for (const { line, row, ready } of await this.prepared(window, check)) {
					// A group's row is checked with its group: images with no product are a bad row.
					if ('problem' in ready) this.ledger.problem(line, row.sku(), ready.problem);
					else if ('write' in ready) this.ask(ready.write);
				}
				forgetWindow(check);
				return !this.cancel?.aborted;
			},
			{ writeBefore: false, said: () => 'Nothing was written.' },
		);
		const refused = this.ledger.nothingWritten(rows);
		if (refused) throw refused;
	}

	/**
	 * A window's rows prepared, then through the group stage (groups.ts) before the window's groups
	 * are forgotten (the window whole first: a group's rows have all joined it).
	 */
	private async prepared(window: FileLine[], run: PimRun) {
		const outcomes = await Promise.all(prepareRows(window, this.pim));
		const plan = planOf(run);
		return window.map(({ line, row, cells, headers }, i) => ({
			line,
			row,
			cells,
			headers,
			ready: readyToWrite(plan, outcomes[i]),
		}));
	}

	/**
	 * The catalogue, read for the first window. On Bad Rows → Skip: every row's fields are not
	 * known yet; the first window's and those the headers name are (a row asking about another
	 * field has its product read).
	 */
	private async catalogue(
		run: PimRun,
		first: Awaited<ReturnType<FileImport['prepared']>>,
	): Promise<Catalogue> {
		if (!this.stopOnBadRows) {
			for (const { ready } of first) if ('write' in ready) this.ask(ready.write);
			const attributes = await accountAttributes(run, this.pim);
			for (const header of first[0]?.headers ?? [])
				for (const attribute of matchField(header, attributes)) this.asked.add(attribute.code);
		}
		return await planOf(run).catalogue(this.pim, true, this.asked);
	}

	/** Writes the file's rows: the summary. */
	async write(): Promise<IDataObject> {
		const { item, ledger, report, pim, sync } = this;
		const run = new FileRun(item.run);
		let catalogue: Catalogue | undefined;
		let said = Date.now();
		let stopped = false;
		const pipeline = new OrderedTasks<Written>(ROWS_IN_FLIGHT, ROWS_WAITING, (outcomes) =>
			this.reported(outcomes),
		);
		const written = (cut?: CutGroup) =>
			`The rows before it were imported${cut ? `, but those of its product group "${cut.group}" (from line ${cut.line})` : ''}: ${ledger.said()}.`;
		const rows = await readWindows(
			item,
			this.given,
			run,
			async (window, read) => {
				const prepared = await this.prepared(window, run);
				catalogue ??= await this.catalogue(run, prepared);
				forgetWindow(run);
				const writing = { run, pim, sync, ledger, catalogue };
				await pipeline.add(prepared.map((row) => () => writeRow(writing, row)));
				if (Date.now() - said >= PROGRESS_EVERY_MS) {
					said = Date.now();
					item.log(`PIM Import File: ${read} rows read, ${ledger.said()}`);
				}
				stopped = this.cancel?.aborted === true;
				return !stopped;
			},
			{ writeBefore: true, said: written },
			() => pipeline.drain(),
		);
		const { refused, faulted } = pim.retries;
		const { confirmed } = ledger;
		return {
			rows,
			...ledger.counts,
			failed: ledger.failed,
			problems: ledger.listed(),
			// Requests tried again (after a fault or a refusal), and lost answers found written.
			retried: refused + faulted,
			confirmed,
			...(sync.dryRun ? { dryRun: true } : {}),
			...(stopped ? { stopped: true } : {}),
			...report.warnedRows(),
			...planOf(run).report.notes(rows, { refused, faulted, confirmed }),
		};
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
}

/** Imports one file: what happened to its rows. */
export async function importOne(item: PimItem): Promise<Imported> {
	const file = new FileImport(item);
	if (file.stopOnBadRows) await file.check();
	return { summary: await file.write(), report: file.report };
}
