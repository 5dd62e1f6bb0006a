import type { IDataObject, INodeProperties, NodeApiError } from 'n8n-workflow';

import { refusedAsTaken } from '../../../shared/failures';
import type { PimRun } from '../../../shared/run';
import type { Catalogue } from '../account/catalogue';
import { changesOf, wouldSend } from './compare';
import { productBySku } from '../account/lookup';
import { sendProduct, type PreparedWrite } from './send';

/**
 * A product sync, as Create or Update (version 2) and each row of Import File run it: its options
 * (read and described once) and its decision for a row: find the product, compare, then create,
 * update or leave it.
 */

/**
 * Create or Update as a sync (version 2's Options): the account's products read once per
 * workflow execution (lookup `allProducts`, catalogue.ts), and a write compared with the product
 * the PIM holds (`skipUnchanged`, `dryRun`, compare.ts).
 */
export interface SyncOptions {
	lookup: 'perItem' | 'allProducts';
	skipUnchanged: boolean;
	dryRun: boolean;
	isDataOverwrite: boolean;
}

/**
 * A sync's Options (`saved`: the parameter's value; `defaults`: the operation's own, for those
 * not set: Create or Update's are off and one look-up per item, Import File's Skip Unchanged
 * Products is on and it reads all products once).
 */
export function syncOptions(saved: IDataObject, defaults: Partial<SyncOptions> = {}): SyncOptions {
	const on = (name: 'skipUnchanged' | 'dryRun' | 'isDataOverwrite') =>
		typeof saved[name] === 'boolean' ? saved[name] : defaults[name] === true;
	return {
		lookup: (saved.lookup ?? defaults.lookup) === 'allProducts' ? 'allProducts' : 'perItem',
		skipUnchanged: on('skipUnchanged'),
		dryRun: on('dryRun'),
		isDataOverwrite: on('isDataOverwrite'),
	};
}

/** A row's write with how its product is found and compared (Create or Update, Import File). */
export interface SyncWrite extends PreparedWrite {
	sync: SyncOptions;
	/** Whether the write is compared with the product (Skip Unchanged Products, Dry Run). */
	compare: boolean;
	/** With Read All Products Once. */
	catalogue?: Catalogue;
}

/** What Create or Update decided for a row: its output, and the fields its write changed. */
export interface Decision {
	/** The output item's fields; `operation` says what happened. */
	output: IDataObject;
	/** The fields an update changed, when the catalogue tells them (Import File's report). */
	changed?: string[];
	/** The write's answer was lost, and a read found it written (send.ts, sendChecked). */
	confirmed?: boolean;
}

/**
 * Create or Update's decision for one prepared write, and the write it decides: the product is
 * found (the catalogue, or one look-up), compared when asked, then created, updated or left as
 * it is; a dry run only says which.
 */
export async function decide(
	run: PimRun,
	{ pim, write, sync, compare, catalogue }: SyncWrite,
): Promise<Decision> {
	const body = write.body();
	const { sku } = body;
	const overwrite = sync.isDataOverwrite;
	// Two items with the same SKU run one after the other: the second sees what the first wrote.
	return await run.inTurn(`sku:${sku}`, async (): Promise<Decision> => {
		let record = catalogue ? undefined : await productBySku(pim, sku);
		const exists = catalogue ? catalogue.has(sku) : record !== undefined;
		let changed: string[] | undefined;
		// A record shows the product in one language: the write's first language is compared,
		// its other languages (All Languages) are sent with it when it is written (compare.ts).
		if (exists && compare) {
			const digest = catalogue?.changed(sku, body, write.form, write.lists, overwrite);
			// A field the catalogue does not digest: the product is read to compare.
			if (digest === 'read') record = await productBySku(pim, sku);
			if (digest !== 'read' && catalogue) changed = digest;
			else if (record) changed = Object.keys(changesOf(body, record, write.lists, overwrite));
		}
		const unchanged = changed && changed.length === 0;

		if (sync.dryRun) {
			if (!exists)
				return { output: { operation: 'create', sku, values: wouldSend(body, write.lists) } };
			if (unchanged) return { output: { operation: 'unchanged', sku } };
			// The catalogue keeps digests: the few changed products are read again for old → new.
			record ??= catalogue ? await productBySku(pim, sku) : undefined;
			if (!record) return { output: { operation: 'update', sku }, changed };
			const changes = changesOf(body, record, write.lists, overwrite);
			return Object.keys(changes).length
				? {
						output: { operation: 'update', sku, changes: changes as unknown as IDataObject },
						changed: Object.keys(changes),
					}
				: { output: { operation: 'unchanged', sku } };
		}
		if (exists && unchanged && sync.skipUnchanged)
			return { output: { operation: 'unchanged', sku } };

		let confirmed: true | undefined;
		const send = (update: boolean) =>
			sendProduct(pim, write, {
				update,
				overwrite: update ? overwrite : undefined,
				written: () => catalogue?.wrote(sku, write.form()),
				confirmed: () => (confirmed = true),
			});
		if (exists)
			return { output: { operation: 'updated', ...(await send(true)) }, changed, confirmed };
		const created = await send(false).then(
			(data) => ({ data }),
			(refused: NodeApiError) => ({ refused }),
		);
		if ('data' in created) return { output: { operation: 'created', ...created.data }, confirmed };
		// Created by another writer since the catalogue was read: found now, it is updated.
		if (catalogue && refusedAsTaken(created.refused) && (await productBySku(pim, sku)))
			return { output: { operation: 'updated', ...(await send(true)) }, confirmed };
		throw created.refused;
	});
}

/** Options → Dry Run of a product sync (Create or Update, Import File). */
export const dryRun = (description: string): INodeProperties => ({
	displayName: 'Dry Run',
	name: 'dryRun',
	type: 'boolean',
	default: false,
	description,
});

/** Options → Skip Unchanged Products of a product sync (off here; Import File turns it on). */
export const skipUnchanged = (description: string): INodeProperties => ({
	displayName: 'Skip Unchanged Products',
	name: 'skipUnchanged',
	type: 'boolean',
	default: false,
	description,
});

export const isDataOverwrite: INodeProperties = {
	displayName: 'Overwrite Data on Update',
	name: 'isDataOverwrite',
	type: 'boolean',
	default: false,
	description:
		'Whether, when the product exists, the given channels, categories, images and multi-select values replace the current ones',
};
