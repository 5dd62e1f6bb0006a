import type { IDataObject } from 'n8n-workflow';

/**
 * What happened to the rows of a catalogue file (Import File), as its report file and its row
 * items say it. It keeps only the rows it is asked to say (File Options → Report File, Output
 * Changed Rows): by default the rows created, updated or failed, so its memory grows with the
 * changes, never with the file. The bad rows file keeps the failed rows' cells.
 */

/** One row's outcome. `operation`: created, updated, unchanged, failed (a dry run: create, update). */
export interface RowOutcome {
	line: number;
	sku?: string;
	operation: string;
	/** The fields an update changed, when the catalogue tells them. */
	changed?: string[];
	error?: string;
}

/** Which rows the report file lists. */
export type ReportRows = 'changes' | 'all' | 'none';

const HEADER = 'line,sku,operation,changed,error';

const CHANGES = new Set(['created', 'updated', 'failed', 'create', 'update']);

/** A CSV field: quoted when it holds a quote, a comma, a line break or surrounding spaces. */
function csvField(value: string): string {
	return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export class FileReport {
	private readonly lines: string[] = [HEADER];
	/** The changed rows, for the row items (Output Changed Rows). */
	readonly changes: RowOutcome[] = [];
	/** The bad rows as the file wrote them, under its header (Bad Rows File). */
	private readonly bad: string[] = [];

	constructor(
		private readonly rows: ReportRows,
		private readonly items: boolean,
		private readonly badRows = false,
	) {}

	/** A row that could not be written, with its cells as read, for the bad rows file. */
	badRow(headers: string[], cells: string[]): void {
		if (!this.badRows) return;
		if (!this.bad.length) this.bad.push(headers.map(csvField).join(','));
		this.bad.push(cells.map(csvField).join(','));
	}

	/**
	 * The bad rows file's text: the file's header and its bad rows, to correct and import again
	 * (a CSV, whether the file was CSV or XLSX); none when every row was written.
	 */
	badRowsText(): string | undefined {
		return this.bad.length ? `${this.bad.join('\r\n')}\r\n` : undefined;
	}

	/** A window's outcomes, in the order of their lines. */
	add(outcomes: RowOutcome[]): void {
		outcomes.sort((a, b) => a.line - b.line);
		for (const outcome of outcomes) {
			const changed = CHANGES.has(outcome.operation);
			if (this.rows === 'all' || (this.rows === 'changes' && changed))
				this.lines.push(
					[
						String(outcome.line),
						outcome.sku ?? '',
						outcome.operation,
						(outcome.changed ?? []).join(', '),
						outcome.error ?? '',
					]
						.map(csvField)
						.join(','),
				);
			if (this.items && changed) this.changes.push(outcome);
		}
	}

	/** The report file's text (CRLF line ends, as spreadsheets expect); none with Report File: None. */
	text(): string | undefined {
		return this.rows === 'none' ? undefined : `${this.lines.join('\r\n')}\r\n`;
	}

	/** The changed rows as output items' JSON. */
	rowItems(): IDataObject[] {
		return this.changes.map(({ line, sku, operation, changed, error }) => ({
			line,
			...(sku !== undefined ? { sku } : {}),
			operation,
			...(changed?.length ? { changed } : {}),
			...(error !== undefined ? { error } : {}),
		}));
	}
}
