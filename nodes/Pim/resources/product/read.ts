import type { ProductRow } from './row';
import { optionalString } from '../../shared/params';
import { once } from '../../shared/run';
import { NO_ATTRIBUTES, productBody, productImages, type ProductBody } from './body';
import { joinGroup, type Member } from './groups';
import { importOptions, type ImportOptions } from './imports';
import { columnsInput, type ColumnsInput } from './mapping';

/**
 * The first stage of every product write (write.ts, prepareProductWrite): what the write reads
 * from its item. The version is decided here. In version 2 every parameter is read here, once (an
 * expression costs n8n tens of microseconds per item), and checked before the account is read;
 * the stages after this one need the run, not the item.
 */
export type WriteInput = AsBefore | ImagesOnly | ItemWrite;

/**
 * Version 1: the body, read when first asked for, in the request's turn (PimRequest.body in
 * shared/transport.ts).
 */
export interface AsBefore {
	version: 1;
	body: () => ProductBody;
}

/** Version 2, a row of a product group without its own SKU: its images go to the group's products. */
export interface ImagesOnly {
	version: 2;
	imagesOf: Member;
}

/** Version 2: the item's parameters, read and checked; its attribute values come from the mapper. */
export interface ItemWrite {
	version: 2;
	body: ProductBody;
	columns: ColumnsInput;
	imports: ImportOptions;
	/** The item's row in its product group (Import Options → Group By). */
	member?: Member;
	/** Continue On Fail: the item stands alone, it waits for no other. */
	alone: boolean;
	first: boolean;
	/** The run's rows, as its report counts them. */
	rows: number;
}

export function readProductWrite(item: ProductRow, mode: 'create' | 'update'): WriteInput {
	if (item.version < 2) return { version: 1, body: once(() => productBody(item, mode)) };
	const imports = importOptions(item);
	// A row of a product group joins it before anything is awaited: rows join in item order.
	const member = imports.groupBy ? joinGroup(item, imports.groupBy) : undefined;
	if (member) {
		member.sku = optionalString(item.param<unknown>('sku', ''));
		if (member.sku === undefined) {
			member.images = productImages(item, true, imports.imageBaseUrl);
			return { version: 2, imagesOf: member };
		}
	}
	return {
		version: 2,
		body: productBody(item, mode, NO_ATTRIBUTES, imports.imageBaseUrl),
		columns: columnsInput(item),
		imports,
		member,
		alone: item.continueOnFail(),
		first: item.index === 0,
		rows: item.rowsInRun() ?? 1,
	};
}
