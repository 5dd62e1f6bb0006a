import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { fail, listOf, optionalString } from '../../shared/params';
import { fold, text, withFields } from '../../shared/records';
import type { PimRun } from '../../shared/run';
import type { ProductRow } from './row';

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
		const header = (value: unknown, label: string) => {
			const name = optionalString(value);
			if (name === undefined) return undefined;
			const found = headers.find((h) => fold(h) === fold(name));
			if (found === undefined)
				fail(
					`Parameter "${label}": the file has no column "${name}"`,
					`Its columns: ${headers.slice(0, 40).join(', ')}${headers.length > 40 ? ', …' : ''}.`,
				);
			return found;
		};
		this.sku = header(given.skuColumn ?? 'sku', COLUMN_PARAMETERS.skuColumn)!;
		this.family = header(given.familyColumn, COLUMN_PARAMETERS.familyColumn);
		this.channelStatus = header(given.channelStatusColumn, COLUMN_PARAMETERS.channelStatusColumn);
		this.category = header(given.categoryColumn, COLUMN_PARAMETERS.categoryColumn);
		this.images = listOf(given.imageColumns).map((h) => header(h, 'Image Columns')!);
		const imports = (given.importOptions ?? {}) as IDataObject;
		this.groupBy = header(imports.groupBy, 'Import Options → Group By');
		this.importOptions = Object.freeze(withFields(imports, { groupBy: undefined }));
		if (!optionalString(given.familyCode) && !this.family)
			fail(
				'Parameter "Family" is required',
				"Set a family for every row, or a Family Column naming each row's family.",
			);
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

	/** A parameter's value for the row `fields`. */
	valueOf(name: string, fields: IDataObject): unknown {
		const cell = (h: string | undefined) => (h === undefined ? undefined : fields[h]);
		const given = this.given;
		switch (name) {
			case 'sku':
				return cell(this.sku);
			case 'familyCode':
				return optionalString(cell(this.family)) ?? given.familyCode;
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
