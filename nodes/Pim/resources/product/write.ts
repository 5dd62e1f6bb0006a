import type { IDataObject } from 'n8n-workflow';

import { andThen, type Later } from '../../shared/run';
import type { PimClient } from '../../shared/transport';
import type { ProductBody } from './body';
import { joinGroup } from './groups';
import { importOptions } from './imports';
import type { References } from './lists';
import { planOf } from './plan';
import { readRow } from './read';
import { resolveRow } from './resolve';
import type { ProductRow } from './row';
import { wired } from './wire';

/**
 * The one product write pipeline, for Create, Update, Create or Update of both versions and each
 * row of Import File. Its stages, each in its own file, pass plain data:
 *
 *   group (groups.ts)  Import Options → Group By: the row joins its group, its cells filled
 *   row (read.ts)      every parameter read from the row, once, and checked
 *   plan (plan.ts)     the account's reads the row needs, once per execution; the run's state
 *   resolve (resolve.ts, mapping.ts, references.ts)  values typed, names → codes
 *   wire (wire.ts)     the form, built once
 *   compare (compare.ts, catalogue.ts) and send (send.ts, upsert.ts), by the executor
 *
 * Only the first two read the row's source (an n8n item or a file's record, row.ts). Once the
 * account's reads are in, a row goes through them in one go, nothing awaited (Later, shared/run.ts).
 * Version 1 reads its parameters in the request's turn, as its saved workflows expect.
 */

/** A product write, ready to compare and send. */
export interface ProductWrite {
	/**
	 * The body. Version 2: read, checked and resolved before the write (the run's round checks
	 * every item first, shared/round.ts). Version 1: read when first asked for, in the request's
	 * turn (PimRequest.body in shared/transport.ts).
	 */
	body: () => ProductBody;
	/** The account's lists the body was resolved against (version 2; none in version 1). */
	lists: References;
	/** The form on the wire; `isDataOverwrite`, when given, replaces the body's. */
	form: (isDataOverwrite?: boolean) => string;
	/**
	 * What the output item says besides the answer (version 2), asked when the item is written:
	 * `skippedCategories` (Import Options → Unknown Categories: Skip) with
	 * `itemsWithSkippedCategories` (how many items of the run skipped some, once every item is
	 * prepared: not with Continue On Fail, where items do not wait for each other), `warnings`,
	 * and on the run's first item its report (report.ts).
	 */
	notes: () => IDataObject;
	/**
	 * The row's warnings (version 2), as `notes` says them: values sent with a doubt (an amount
	 * with no currency or unit), a category in the tree of a channel the write does not assign, a
	 * parameter Group By could not fill. The run's report counts them by kind (report.ts).
	 */
	warnings: string[];
	/**
	 * Whether `notes` speak of the whole run (the first item's report of the run's columns, the
	 * count of items with skipped categories), and so are complete only once every item of the
	 * run is prepared.
	 */
	notesOfRun: boolean;
	/**
	 * Import Options → All Languages (version 2): the product's other languages, each sent as an
	 * update after the write of `body` (the Language parameter's first).
	 */
	languages: Array<{ language: string; body: ProductBody; form: () => string }>;
	/**
	 * Import Options → Group By: what the row outputs instead of writing, when another row of its
	 * group writes its product (asked when the row would write).
	 */
	instead?: () => IDataObject | undefined;
}

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
	const member = imports.groupBy
		? joinGroup(plan, source, imports.groupBy, readBy.otherNodes)
		: undefined;
	const row = readRow(source, mode, imports, readBy.fields, member);
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
