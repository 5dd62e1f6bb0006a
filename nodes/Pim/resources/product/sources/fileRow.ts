import type { IDataObject } from 'n8n-workflow';

import { counted } from '../../../shared/file/bounds';
import type { FileRecord } from '../../../shared/file/csv';
import { columnName } from '../../../shared/file/xlsxWriter';
import { fail, listOf, optionalString, ParameterProblem } from '../../../shared/params';
import { fold, text, withFields } from '../../../shared/records';
import type { PimRun } from '../../../shared/run';
import type { BodyParams } from '../engine/body';
import { mappingOptions, type ColumnsInput } from '../engine/mapping';
import type { ParametersRead, ProductRow } from '../engine/row';
import { VariantRows } from './variants';

/**
 * A record of a catalogue file as a product write's row (row.ts): the node's column parameters
 * (SKU Column, Family Column, …) name the headers a row's values come from; every other value is
 * the file item's parameter, the same for every row.
 */

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

/**
 * The headers a field naming several columns names, separated by commas: a header that holds
 * commas itself (PrestaShop's `Image URLs (x,y,z...)`) is taken whole, the longest run of
 * comma-separated parts that is a header of the file first.
 */
function headersNamed(value: unknown, headers: string[]): string[] {
	if (Array.isArray(value)) return listOf(value);
	const given = text(value);
	const known = new Set(headers.map((h) => fold(h)));
	// The parts' bounds: [start, end) of each comma-separated piece in `given`.
	const bounds: Array<[number, number]> = [];
	let start = 0;
	for (let i = 0; i <= given.length; i++)
		if (i === given.length || given[i] === ',') {
			bounds.push([start, i]);
			start = i + 1;
		}
	const named: string[] = [];
	for (let i = 0; i < bounds.length; ) {
		let j = bounds.length - 1;
		while (j > i && !known.has(fold(given.slice(bounds[i][0], bounds[j][1])))) j--;
		const name = given.slice(bounds[i][0], bounds[j][1]).trim();
		if (name !== '') named.push(name);
		i = j + 1;
	}
	return named;
}

/**
 * The one rule for a column a field of the form reads by its usual header (Export File's
 * `image`, `categories`, `family`, `status`): while that field is empty, the column is not read
 * (a file may hold a column on purpose) but named, in unmappedColumns, with the field to set.
 * Each → the reason it is named with.
 */
function unreadByForm(
	headers: string[],
	fields: Record<string, string[] | undefined>,
): Map<string, string> {
	const unread = new Map<string, string>();
	for (const [label, usual] of Object.entries(fields))
		for (const header of headers)
			if (usual?.includes(fold(header)))
				unread.set(fold(header), `${label} reads this column: set ${label} to "${header}"`);
	return unread;
}

/**
 * A category cell's paths: separated by commas, or by `|` as Shopware's `category_paths` and
 * Magento's multiple value separator write them (`Main>First>Second|Main>Second`).
 */
function categoryList(value: unknown): unknown {
	const cell = text(value);
	return cell.includes('|') ? cell.split('|') : value;
}

/** A system's own status column and its values that are no yes/no word: Magento's 2 is disabled. */
const STATUS_WORDS: Record<string, Record<string, string>> = { product_online: { '2': 'false' } };

/** What every row of one file shares: its headers, the columns the parameters name, the run. */
export class FileColumns {
	readonly sku: string;
	readonly family?: string;
	readonly channelStatus?: string;
	readonly category?: string;
	readonly images: string[];
	readonly language?: string;
	readonly groupBy?: string;
	/** Channel Status Column's values that are a system's own words (STATUS_WORDS). */
	private readonly statusWords?: Record<string, string>;
	/** The input fields the column parameters read: never reported as unmapped columns. */
	readonly parametersRead: ParametersRead;
	/** The file's columns not written for a reason of the form (unreadByForm, a variant's parent). */
	readonly unreadByForm: Map<string, string>;
	/** Variant rows below their parent's (variants.ts), when the file has a parent column. */
	readonly variants?: VariantRows;
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
		this.sku = header(given.skuColumn ?? 'sku', 'SKU Column')!;
		this.family = header(given.familyColumn, 'Family Column');
		this.channelStatus = header(given.channelStatusColumn, 'Channel Status Column');
		this.statusWords = this.channelStatus ? STATUS_WORDS[fold(this.channelStatus)] : undefined;
		this.category = header(given.categoryColumn, 'Category Column');
		this.images = headersNamed(given.imageColumns, headers).flatMap(
			(h) => header(h, 'Image Columns') ?? [],
		);
		this.language = header(given.languageColumn, 'Language Column');
		const imports = (given.importOptions ?? {}) as IDataObject;
		this.groupBy = header(imports.groupBy, 'Import Options → Group By');
		this.importOptions = Object.freeze(withFields(imports, { groupBy: undefined }));
		const noFamily = !optionalString(given.familyCode) && !optionalString(given.familyColumn);
		if (missing.length || noFamily) formProblems(missing, noFamily, headers);
		const read = [
			this.sku,
			this.family,
			this.channelStatus,
			this.category,
			this.language,
			this.groupBy,
		];
		this.unreadByForm = unreadByForm(headers, {
			'Image Columns': this.images.length ? undefined : ['image', 'images'],
			'Category Column': this.category ? undefined : ['categories', 'category'],
			'Family Column': this.family ? undefined : ['family'],
			'Channel Status Column': this.channelStatus ? undefined : ['status'],
		});
		this.variants = VariantRows.of(headers, this.sku);
		if (this.variants)
			this.unreadByForm.set(
				fold(this.variants.parent),
				"the parent's: its values fill the variant's empty cells; each variant is a product of its own (the interface has no variant link)",
			);
		this.parametersRead = {
			fields: new Set([...read, ...this.images].flatMap((h) => (h === undefined ? [] : [fold(h)]))),
			otherNodes: [],
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

	/** The body's parameters for the row `fields` (row.ts). */
	bodyParams(fields: IDataObject): BodyParams {
		const cell = (h: string | undefined) => (h === undefined ? undefined : fields[h]);
		const { given } = this;
		// An empty family cell takes Family; a row with neither has no family to be written with.
		const family = optionalString(cell(this.family));
		if (this.family !== undefined && family === undefined && !optionalString(given.familyCode))
			fail(
				`The row's "${this.family}" cell (Family Column) is empty and Family is not set`,
				'Give the row its family, or set Family: the family of every row whose cell is empty.',
			);
		// An empty status cell takes the entry's Active.
		const cellStatus = optionalString(cell(this.channelStatus));
		const status = (cellStatus && this.statusWords?.[cellStatus]) ?? cellStatus;
		const entries = ((given.channels as IDataObject | undefined)?.channel ?? []) as IDataObject[];
		// An empty language cell takes Language.
		const language = optionalString(cell(this.language));
		return {
			sku: cell(this.sku) ?? '',
			languageCode: language ?? given.languageCode ?? '',
			...(language === undefined ? {} : { languageParameter: given.languageCode ?? '' }),
			familyCode: family ?? given.familyCode ?? '',
			updateFields: {},
			channels: {
				channel: (Array.isArray(entries) ? entries : [entries]).map((entry) =>
					withFields(entry, status === undefined ? {} : { status }),
				),
			},
			categories: this.category ? { category: [{ code: categoryList(cell(this.category)) }] } : {},
			images: this.images.map((h) => text(fields[h])),
		};
	}

	/** Import Options for the row `fields`: the file item's, with the row's Group By value. */
	importOptionsOf(fields: IDataObject): IDataObject {
		return this.groupBy
			? withFields(this.importOptions, { groupBy: fields[this.groupBy] })
			: this.importOptions;
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
		private readonly file: FileColumns,
	) {}

	get run(): PimRun {
		return this.file.run;
	}

	/** The row's SKU as its cell gives it. */
	sku(): string | undefined {
		return optionalString(this.fields[this.file.sku]);
	}

	bodyParams(): BodyParams {
		return this.file.bodyParams(this.row());
	}

	importOptions(): IDataObject {
		return this.file.importOptionsOf(this.row());
	}

	mapperInput(readByParameters: Set<string>): ColumnsInput {
		return {
			mode: 'autoMapInputData',
			row: this.row(),
			options: mappingOptions({}, readByParameters, this.file.unreadByForm),
		};
	}

	parametersRead(): ParametersRead {
		return this.file.parametersRead;
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

	skuField(): string | undefined {
		return this.file.sku;
	}

	continueOnFail(): boolean {
		return false;
	}

	rowsInRun(): number | undefined {
		return undefined;
	}
}
