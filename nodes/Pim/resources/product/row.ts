import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { PimRun } from '../../shared/run';

/**
 * The source of a product write's row: one type for an n8n item (PimItem, shared/item.ts) and for
 * a record of a catalogue file (FileRow, catalogueFile/fileRow.ts). Only Group By (groups.ts) and the row stage
 * (read.ts) read it: they see its parameters, their values for this row and its fields, never
 * n8n's context; every stage after them takes plain data.
 */
export interface ProductRow {
	/** The row's place in its run (an item's index; a file's record number). */
	readonly index: number;
	readonly version: number;
	/** The per-run state the row shares with the other rows of its run. */
	readonly run: PimRun;
	/** The node's saved parameters (expressions unevaluated). */
	readonly parameters: INodeParameters;
	/** A parameter's value for this row. */
	param<T = unknown>(name: string, fallback: T): T;
	/** A parameter as n8n evaluates it for this row (the mapper's values). */
	evaluated<T = unknown>(name: string, fallback: T): T;
	/** The row's fields as the write reads them (a product group's row: filled from its group). */
	row(): IDataObject;
	/** Import Options → Group By: the row's fields filled from its group (groups.ts). */
	fill(filled: IDataObject): void;
	/** The row's own fields. */
	inputRow(): IDataObject;
	/** The field a parameter reads when it is just `{{ $json.field }}`. */
	fieldOf(name: string): string | undefined;
	/** The row stands alone (Continue On Fail): it waits for no other. */
	continueOnFail(): boolean;
	/** How many rows the run has, when known. */
	rowsInRun(): number | undefined;
}
