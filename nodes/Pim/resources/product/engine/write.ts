import type { IDataObject } from 'n8n-workflow';

import { andThen, type Later } from '../../../shared/run';
import type { PimClient } from '../../../shared/transport';
import { joinGroup } from './groups';
import { importOptions } from '../descriptions/imports';
import { planOf } from './plan';
import { readRow } from './read';
import { resolveRow } from './resolve';
import type { ProductRow } from './row';
import { wired } from './wire';
import type { ProductWrite } from './stages';

/**
 * The one product write pipeline, for Create, Update, Create or Update of both versions and each
 * row of Import File. Its stages, each in its own file, pass plain data:
 *
 *   group (groups.ts)  Import Options → Group By: the row joins its group, its cells filled
 *   row (read.ts)      every parameter read from the row, once, and checked
 *   plan (plan.ts)     the account's reads the row needs, once per execution; the run's state
 *   resolve (resolve.ts, mapping.ts, references.ts)  values typed, names → codes
 *   wire (wire.ts)     the form, built once
 *   group (groups.ts)  once the window's rows are all prepared: a group's write with its
 *                      group's images and lists, or what the row outputs instead (grouped)
 *   compare (compare.ts, catalogue.ts) and send (send.ts, upsert.ts), by the executor
 *
 * Only the first two read the row's source (an n8n item or a file's record, row.ts). Once the
 * account's reads are in, a row goes through them in one go, nothing awaited (Later, shared/run.ts).
 * Version 1 reads its parameters in the request's turn, as its saved workflows expect.
 */

/** Version 1 has no Import Options. */
const NO_IMPORT_OPTIONS: IDataObject = Object.freeze({});

/** The pipeline, top to bottom (see above). */
export function prepareProductWrite(
	source: ProductRow,
	mode: 'create' | 'update',
	pim: PimClient,
): Later<ProductWrite> {
	const plan = planOf(source.run);
	const readBy = source.parametersRead();
	// Group By (version 2), before anything else reads the row: it joins its group, and its
	// empty cells are filled from the group.
	const imports = importOptions(source.version < 2 ? NO_IMPORT_OPTIONS : source.importOptions());
	const group = imports.groupBy
		? joinGroup(plan, source, imports.groupBy, readBy.otherNodes)
		: undefined;
	const row = readRow(source, mode, imports, readBy.fields, group && { place: group, plan });
	return andThen(plan.account(pim, row.needs), (account) =>
		wired(resolveRow(plan, row, account), account.multiSelectForm),
	);
}

/** With other languages written, the output item names every language of the product's writes. */
export function languagesNote(write: ProductWrite): IDataObject {
	return write.languages.length
		? { languages: [write.body().languageCode, ...write.languages.map((l) => l.language)] }
		: {};
}
