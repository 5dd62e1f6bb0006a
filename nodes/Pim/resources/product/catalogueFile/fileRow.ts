import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { counted } from '../../../shared/file/bounds';
import type { FileRecord } from '../../../shared/file/csv';
import { fail, listOf, optionalString, ParameterProblem } from '../../../shared/params';
import { fold, text, withFields } from '../../../shared/records';
import type { PimRun } from '../../../shared/run';
import type { ProductRow } from '../row';

/**
 * A record of a catalogue file as a product write's row (row.ts): the node's column parameters
 * (SKU Column, Family Column, …) name the headers a row's values come from; every other
 * parameter is the file item's, the same for every row. The write's stages read it as they read
 * an n8n item whose parameters pick columns with `{{ $json["Header"] }}`.
 */

/** The Import File parameters that name headers, as the form labels them. */
export const COLUMN_PARAMETERS = {
	skuColumn: 'SKU Column',
	familyColumn: 'Family Column',
	channelStatusColumn: 'Channel Status Column',
	categoryColumn: 'Category Column',
} as const;

/** A sheet's column name: 0 → A, 26 → AA. */
function columnName(index: number): string {
	let name = '';
	for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
		name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
	return name;
}

/** The file's headers an error lists. */
const HEADERS_SAID = 100;

/**
 * The form's problems the file's header shows, all in one error before any request: the columns
 * the parameters name that the header lacks (`missing`: each parameter's label and the column it
 * names), and Family when no Family Column gives one.
 */
function formProblems(
	missing: Array<[label: string, name: string]>,
	noFamily: boolean,
	headers: string[],
): never {
	const family = "a family for every row, or a Family Column naming each row's family";
	if (!missing.length) fail('Parameter "Family" is required', `Set ${family}.`);
	const columns = `Its columns: ${headers.slice(0, HEADERS_SAID).join(', ')}${headers.length > HEADERS_SAID ? `, … (${counted(headers.length - HEADERS_SAID)} more)` : ''}.`;
	const [[label, name]] = missing;
	fail(
		missing.length === 1
			? `Parameter "${label}": the file has no column "${name}"`
			: `The file has no column for ${missing.length} parameters: ${missing.map(([l, n]) => `"${n}" (${l})`).join(', ')}`,
		noFamily ? `${columns} Parameter "Family" is required too: set ${family}.` : columns,
	);
}

/** What every row of one file shares: its headers, the columns the parameters name, the run. */
export class FileColumns {
	readonly sku: string;
	readonly family?: string;
	readonly channelStatus?: string;
	readonly category?: string;
	readonly images: string[];
	readonly groupBy?: string;
	/** The parameters as the write's stages read them (see FileRow). */
	readonly parameters: INodeParameters;
	/** Import Options as every row reads them (but Group By's value): one object, its maps built once. */
	private readonly importOptions: IDataObject;

	constructor(
		readonly headers: string[],
		/** The file item's parameters, evaluated (the same for every row). */
		private readonly given: IDataObject,
		readonly run: PimRun,
	) {
		// Every column the parameters name that the header lacks, said at once (with Family's).
		const missing: Array<[label: string, name: string]> = [];
		const header = (value: unknown, label: string) => {
			const name = optionalString(value);
			if (name === undefined) return undefined;
			const found = headers.find((h) => fold(h) === fold(name));
			if (found === undefined) missing.push([label, name]);
			return found;
		};
		const sku = header(given.skuColumn ?? 'sku', COLUMN_PARAMETERS.skuColumn);
		this.family = header(given.familyColumn, COLUMN_PARAMETERS.familyColumn);
		this.channelStatus = header(given.channelStatusColumn, COLUMN_PARAMETERS.channelStatusColumn);
		this.category = header(given.categoryColumn, COLUMN_PARAMETERS.categoryColumn);
		this.images = listOf(given.imageColumns).flatMap((h) => header(h, 'Image Columns') ?? []);
		const imports = (given.importOptions ?? {}) as IDataObject;
		this.groupBy = header(imports.groupBy, 'Import Options → Group By');
		this.importOptions = Object.freeze(withFields(imports, { groupBy: undefined }));
		const noFamily = !optionalString(given.familyCode) && !optionalString(given.familyColumn);
		if (missing.length || noFamily) formProblems(missing, noFamily, headers);
		this.sku = sku!;
		const pick = (h: string) => `={{ $json[${JSON.stringify(h)}] }}`;
		// What the stages look for in parameters: the columns the parameters read (never reported
		// as unmapped), the SKU's column (its own in a product group), Map Automatically.
		this.parameters = {
			...(given as INodeParameters),
			sku: pick(this.sku),
			...(this.family ? { familyColumn: pick(this.family) } : {}),
			...(this.channelStatus ? { channelStatusColumn: pick(this.channelStatus) } : {}),
			...(this.category ? { categoryColumn: pick(this.category) } : {}),
			...(this.groupBy ? { groupByColumn: pick(this.groupBy) } : {}),
			imageColumns: this.images.map(pick),
			columns: { mappingMode: 'autoMapInputData', value: null },
		};
	}

	/**
	 * What is wrong with a record's shape, if anything: its values go under the header's columns
	 * by their place, so a row has as many cells as the header (`sparse`: the format leaves a row's
	 * empty last cells out, as XLSX does, so a shorter row is whole), and a quoted cell that runs
	 * over line breaks closes where a cell ends (else its quote took in the lines after it).
	 */
	shapeProblem(record: FileRecord, sparse: boolean): ParameterProblem | undefined {
		const width = this.headers.length;
		const cells = record.cells.length;
		const { quote } = record;
		if (quote && (quote.textAfter || cells !== width))
			return new ParameterProblem(
				`The quote opened on line ${quote.opens} closes on line ${quote.closes}${quote.textAfter ? ' inside a cell' : ''}: lines ${record.line}–${quote.closes} were read as one row of ${cells} cells, the header ${width}`,
				`Is the closing quote of the cell on line ${quote.opens} missing? A cell holding the delimiter, a quote or a line break is quoted whole, and a quote inside it is doubled ("").`,
			);
		if (cells > width)
			return sparse
				? new ParameterProblem(
						`The row has values past the header's ${width} columns (up to column ${columnName(cells - 1)}): no header says what they are`,
						"Give those columns a header in the sheet's first row, or clear them.",
					)
				: new ParameterProblem(
						`The row has ${cells} cells, the header ${width}: a value holding the delimiter is not quoted, or the row has values no column heads`,
						'Quote a value that holds the delimiter ("Shirt, blue"), or give the extra values a header.',
					);
		if (cells < width && !sparse)
			return new ParameterProblem(
				`The row has ${cells} cells, the header ${width}: which column each value belongs to cannot be told`,
				"A row's values go under the header's columns by their place: give the row its missing cells (empty ones as nothing between two delimiters), or save the file again from its spreadsheet.",
			);
		return undefined;
	}

	/** A parameter's value for the row `fields`. */
	valueOf(name: string, fields: IDataObject): unknown {
		const cell = (h: string | undefined) => (h === undefined ? undefined : fields[h]);
		const given = this.given;
		switch (name) {
			case 'sku':
				return cell(this.sku);
			case 'familyCode': {
				// An empty cell takes Family; a row with neither has no family to be written with.
				const family = optionalString(cell(this.family));
				if (this.family !== undefined && family === undefined && !optionalString(given.familyCode))
					fail(
						`The row's "${this.family}" cell (Family Column) is empty and Family is not set`,
						'Give the row its family, or set Family: the family of every row whose cell is empty.',
					);
				return family ?? given.familyCode;
			}
			case 'channels': {
				// An empty status cell takes the entry's Active.
				const status = optionalString(cell(this.channelStatus));
				const entries = ((given.channels as IDataObject | undefined)?.channel ??
					[]) as IDataObject[];
				return {
					channel: (Array.isArray(entries) ? entries : [entries]).map((entry) =>
						withFields(entry, status === undefined ? {} : { status }),
					),
				};
			}
			case 'categories':
				return this.category ? { category: [{ code: cell(this.category) }] } : {};
			case 'images':
				return this.images.map((h) => text(fields[h]));
			case 'importOptions':
				return this.groupBy
					? withFields(this.importOptions, { groupBy: cell(this.groupBy) })
					: this.importOptions;
			case 'columns':
				return this.parameters.columns;
			default:
				return given[name];
		}
	}
}

/** One record of the file (see FileColumns). */
export class FileRow implements ProductRow {
	readonly version = 2;
	/** Group By's filling of the row (groups.ts). */
	private filled?: IDataObject;

	constructor(
		readonly index: number,
		private readonly fields: IDataObject,
		private readonly columns: FileColumns,
	) {}

	get run(): PimRun {
		return this.columns.run;
	}

	get parameters(): INodeParameters {
		return this.columns.parameters;
	}

	param<T = unknown>(name: string, fallback: T): T {
		const value = this.columns.valueOf(name, this.row());
		return (value === undefined ? fallback : value) as T;
	}

	evaluated<T = unknown>(name: string, fallback: T): T {
		return this.param(name, fallback);
	}

	row(): IDataObject {
		return this.filled ?? this.fields;
	}

	fill(filled: IDataObject): void {
		this.filled = filled;
	}

	inputRow(): IDataObject {
		return this.fields;
	}

	fieldOf(name: string): string | undefined {
		return name === 'sku' ? this.columns.sku : undefined;
	}

	continueOnFail(): boolean {
		return false;
	}

	rowsInRun(): number | undefined {
		return undefined;
	}
}
