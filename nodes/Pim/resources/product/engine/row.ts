import type { IDataObject } from 'n8n-workflow';

import type { PimRun } from '../../../shared/run';
import type { BodyParams } from './body';
import type { ColumnsInput } from './mapping';

/**
 * The source of a product write's row, as the write's first stages read it (groups.ts, read.ts):
 * typed values, never n8n's context. Two sources: an n8n item (ItemRow, itemRow.ts: its
 * parameters as n8n evaluates them for it) and a record of a catalogue file (FileRow,
 * sources/fileRow.ts: its cells under the columns the form names).
 */
export interface ProductRow {
	/** The row's place in its run (an item's index; a file's record number). */
	readonly index: number;
	readonly version: number;
	/** The per-run state the row shares with the other rows of its run. */
	readonly run: PimRun;
	/** The body's parameters for this row (version 1 reads them when its request is sent). */
	bodyParams(mode: 'create' | 'update'): BodyParams;
	/** Import Options for this row, Group By's value included (version 2). */
	importOptions(): IDataObject;
	/** The mapper's input: the row's fields (Map Automatically) or the values given by code. */
	mapperInput(readByParameters: Set<string>): ColumnsInput;
	/** What the node's parameters read besides the values they give (the same for every row). */
	parametersRead(): ParametersRead;
	/** Import Options → Group By: the row's fields filled from its group (groups.ts). */
	fill(filled: IDataObject): void;
	/** The row's own fields. */
	inputRow(): IDataObject;
	/** The field the SKU is read from, when it is one field (a group's row keeps its own). */
	skuField(): string | undefined;
	continueOnFail(): boolean;
	rowsInRun(): number | undefined;
}

/** What the node's parameters read besides the row's values they give. */
export interface ParametersRead {
	/** The input fields the parameters read (so not unmapped columns), folded. */
	fields: Set<string>;
	/** The parameters (but SKU and Import Options) reading other nodes' items. */
	otherNodes: string[];
}
