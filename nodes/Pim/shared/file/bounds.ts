import { ParameterProblem } from '../params';

/**
 * The bounds a catalogue file is read within (README → Security). A file past one is refused with
 * an error naming its line (or its ZIP entry), never followed: the reader's memory is a window of
 * rows within these bounds, the XLSX archive (compressed) and its shared strings.
 */
export const FILE_BOUNDS = {
	/** Characters of one cell (Excel's own limit is 32 767). */
	cell: 1_048_576,
	/** Characters of one row, its cells together (a CSV line as well). */
	row: 4_194_304,
	/** Cells of one row: Excel's columns, A to XFD. */
	columns: 16_384,
	/**
	 * Rows of one product group (Import Options → Group By): a product of 2 048 variants and its
	 * image rows fit. Each product of a group gets the group's images: its cost grows as rows².
	 */
	groupRows: 2_500,
	/** Characters of one product group's rows together. */
	groupChars: 16_777_216,
	/** Bytes of an XLSX file, held whole (compressed) to read its directory. */
	xlsxFile: 536_870_912,
	/** Bytes an XLSX file's shared strings inflate to (they are held while the sheet is read). */
	sharedStrings: 268_435_456,
	/**
	 * Bytes the workbook's sheet list, its relationships and its styles each inflate to (a sheet is
	 * read as a stream: its stated size and the ratio below bound it).
	 */
	part: 16_777_216,
	/**
	 * How many times its compressed size an entry inflates to, past 16 MiB: workbooks as
	 * spreadsheet programs write them inflate ~10 times, a zip bomb ~1 000 times.
	 */
	ratio: 100,
	/** The size an entry inflates to before its ratio is bounded. */
	ratioFrom: 16_777_216,
} as const;

/** A number as the errors write it: 1,048,576. */
export const counted = (n: number) => n.toLocaleString('en-US');

/**
 * A file the node will not read further: past a bound, not the encoding it is read in, or damaged.
 * `place` names where, as a user finds it: `line 12` of a CSV, `row 12 of the sheet "Products"`,
 * `the ZIP entry "xl/sharedStrings.xml"`.
 */
export class FileRefused extends ParameterProblem {
	constructor(place: string | undefined, reason: string, description?: string) {
		super(
			place === undefined
				? `The file is refused: ${reason}`
				: `The file is refused at ${place}: ${reason}`,
			description,
		);
	}
}

export function refuse(place: string | undefined, reason: string, description?: string): never {
	throw new FileRefused(place, reason, description);
}

/** What the README's Security section says of the bounds, for an error's description. */
export const BOUNDS_HINT = `Import File reads cells of up to ${counted(FILE_BOUNDS.cell)} characters, rows of up to ${counted(FILE_BOUNDS.row)} characters and ${counted(FILE_BOUNDS.columns)} cells (README → Security).`;

/** A cell past its bound, at `place` (a CSV line, a sheet's row). */
export function refuseCell(place: string, description = BOUNDS_HINT): never {
	return refuse(
		place,
		`a cell is longer than ${counted(FILE_BOUNDS.cell)} characters`,
		description,
	);
}

/** A row past its bound of characters, at `place`. */
export function refuseRow(place: string): never {
	return refuse(place, `a row is longer than ${counted(FILE_BOUNDS.row)} characters`, BOUNDS_HINT);
}
