import type { IDataObject } from 'n8n-workflow';

import { TextChunks } from '../../../shared/file/textChunks';
import { csvCell } from '../../../shared/file/csvWriter';

/**
 * What happened to the rows of a catalogue file (Import File), as its report file and its row
 * items say it. It keeps only the rows it is asked to say (File Options → Report File, Output
 * Changed Rows): by default the rows created, updated or failed and those with warnings, so its
 * memory grows with the changes, never with the file. The bad rows file keeps the failed rows'
 * cells. The files' lines are kept as UTF-8 bytes outside V8's heap (CsvLines): a million strings
 * held live (a first import reports every row) would raise the heap V8 lets grow between two full
 * collections.
 */

/** One row's outcome. `operation`: created, updated, unchanged, failed (a dry run: create, update). */
export interface RowOutcome {
	line: number;
	sku?: string;
	operation: string;
	/** The fields an update changed, when the catalogue tells them. */
	changed?: string[];
	error?: string;
	/** What the row's write says of values sent with a doubt (as Create or Update's item). */
	warnings?: string[];
}

/** Which rows the report file lists. */
export type ReportRows = 'changes' | 'all' | 'none';

const HEADER = 'line,sku,operation,changed,error,warnings';

/** The rows with warnings the summary lists; the notice counts them all by kind. */
const MAX_WARNED = 100;

const CHANGES = new Set(['created', 'updated', 'failed', 'create', 'update']);

/** A CSV file's lines (CRLF ends, as spreadsheets expect), kept as UTF-8 bytes in chunks. */
class CsvLines {
	private readonly chunks: Buffer[] = [];
	private readonly text = new TextChunks();
	count = 0;

	push(line: string): void {
		this.text.add(line);
		this.text.add('\r\n');
		this.count++;
		const chunk = this.text.take();
		if (chunk) this.chunks.push(chunk);
	}

	bytes(): Buffer {
		const rest = this.text.take(true);
		if (rest) this.chunks.push(rest);
		return Buffer.concat(this.chunks);
	}
}

export class FileReport {
	private readonly lines = new CsvLines();
	/** The changed rows, for the row items (Output Changed Rows). */
	private readonly changes: RowOutcome[] = [];
	/** The bad rows as the file wrote them, under its header (Bad Rows File). */
	private readonly bad = new CsvLines();
	/** The first rows with warnings, for the summary. */
	private readonly warned: IDataObject[] = [];

	constructor(
		private readonly rows: ReportRows,
		private readonly items: boolean,
		private readonly badRows = false,
	) {
		this.lines.push(HEADER);
	}

	/** A row that could not be written, with its cells as read, for the bad rows file. */
	badRow(headers: string[], cells: string[]): void {
		if (!this.badRows) return;
		if (!this.bad.count) this.bad.push(headers.map(csvCell).join(','));
		this.bad.push(cells.map(csvCell).join(','));
	}

	/**
	 * The bad rows file: the file's header and its bad rows, to correct and import again (a CSV,
	 * whether the file was CSV or XLSX); none when every row was written.
	 */
	badRowsFile(): Buffer | undefined {
		return this.bad.count ? this.bad.bytes() : undefined;
	}

	/**
	 * Whether anything the report gives (its file, its items, the rows with warnings) says this
	 * row: an unchanged row says nothing unless the report lists every row.
	 */
	says(outcome: RowOutcome): boolean {
		return (
			this.rows === 'all' || CHANGES.has(outcome.operation) || (outcome.warnings?.length ?? 0) > 0
		);
	}

	/** A window's outcomes, in the order of their lines. */
	add(outcomes: RowOutcome[]): void {
		for (const outcome of outcomes) {
			const changed = CHANGES.has(outcome.operation);
			const warnings = outcome.warnings ?? [];
			if (warnings.length && this.warned.length < MAX_WARNED)
				this.warned.push({
					line: outcome.line,
					...(outcome.sku !== undefined ? { sku: outcome.sku } : {}),
					warnings,
				});
			if (this.rows === 'all' || (this.rows === 'changes' && (changed || warnings.length)))
				this.lines.push(
					[
						String(outcome.line),
						outcome.sku ?? '',
						outcome.operation,
						(outcome.changed ?? []).join(', '),
						outcome.error ?? '',
						warnings.join(' | '),
					]
						.map(csvCell)
						.join(','),
				);
			if (this.items && changed) this.changes.push(outcome);
		}
	}

	/** The summary's `warnings`: the first rows with warnings, by line. */
	warnedRows(): IDataObject {
		return this.warned.length ? { warnings: this.warned } : {};
	}

	/** The report file (CSV); none with Report File: None. */
	reportFile(): Buffer | undefined {
		return this.rows === 'none' ? undefined : this.lines.bytes();
	}

	/** The changed rows as output items' JSON. */
	rowItems(): IDataObject[] {
		return this.changes.map(({ line, sku, operation, changed, error, warnings }) => ({
			line,
			...(sku !== undefined ? { sku } : {}),
			operation,
			...(changed?.length ? { changed } : {}),
			...(error !== undefined ? { error } : {}),
			...(warnings?.length ? { warnings } : {}),
		}));
	}
}
