import { BOUNDS_HINT, counted, FILE_BOUNDS, refuse } from '../../../shared/file/bounds';

/** Rows handed on together (a product group is never cut). */
const WINDOW = 20;

/** A product group a refusal cut: its Group By value and its first line. */
export interface CutGroup {
	group: string;
	line: number;
}

/**
 * The rows of a file read and not yet handed on (Import File writes a window at a time): up to
 * WINDOW rows or a row's bound of characters, and a product group whole, within its bounds
 * (bounds.ts). Rows with no group (no Group By, or an empty value) never hold the window open.
 */
export class RowWindow<Row extends { line: number }> {
	private rows: Row[] = [];
	private chars = 0;
	/** The group of the last row, and where its rows start in the window. */
	private group?: string;
	private groupStart = 0;
	private groupRows = 0;
	private groupChars = 0;

	/**
	 * Adds a row (`group`: Group By's value for it; `chars`: its characters). Returns the rows to
	 * hand on before it when the window is full, else undefined.
	 */
	add(row: Row, group: string | undefined, chars: number): Row[] | undefined {
		const inGroup = group !== undefined && group === this.group;
		let full: Row[] | undefined;
		if (!inGroup && (this.rows.length >= WINDOW || this.chars >= FILE_BOUNDS.row)) {
			full = this.rows;
			this.rows = [];
			this.chars = 0;
		}
		if (!inGroup) this.groupStart = this.rows.length;
		this.groupRows = inGroup ? this.groupRows + 1 : 1;
		this.groupChars = inGroup ? this.groupChars + chars : chars;
		if (this.groupRows > FILE_BOUNDS.groupRows || this.groupChars > FILE_BOUNDS.groupChars)
			refuse(
				`line ${row.line}`,
				this.groupRows > FILE_BOUNDS.groupRows
					? `the product group "${group}" has more than ${counted(FILE_BOUNDS.groupRows)} rows`
					: `the product group "${group}" is longer than ${counted(FILE_BOUNDS.groupChars)} characters`,
				`Import Options → Group By makes the consecutive rows sharing a value one product group, which is read whole. ${BOUNDS_HINT}`,
			);
		this.group = group;
		this.chars += chars;
		this.rows.push(row);
		return full;
	}

	/** The rows left at the end of the file. */
	rest(): Row[] {
		return this.rows;
	}

	/**
	 * The rows left when the file is refused, but those of the product group the refusal cuts
	 * (a group is never cut), and that group.
	 */
	beforeRefusal(): { rows: Row[]; cut?: CutGroup } {
		if (this.group === undefined || this.groupStart >= this.rows.length) return { rows: this.rows };
		return {
			rows: this.rows.slice(0, this.groupStart),
			cut: { group: this.group, line: this.rows[this.groupStart].line },
		};
	}
}
