import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	NodeApiError,
} from 'n8n-workflow';

import { FROM_VERSION_2, showFor, VERSION_1 } from '../../shared/descriptions';
import { refusedAsTaken } from '../../shared/failures';
import { fold } from '../../shared/records';
import type { PimItem } from '../../shared/item';
import { runClient, sendsItsOwnRequests, toItems } from '../../shared/runners';
import type { WriteSteps } from '../../shared/round';
import { andThen, type Later, type PimRun } from '../../shared/run';
import type { Catalogue } from './catalogue';
import { changesOf, wouldSend } from './compare';
import { productBySku } from './lookup';
import { planOf } from './plan';
import { prepareWrite, sendProduct, withNotes, writtenItems, type PreparedWrite } from './send';

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

/** The Options of Create or Update (`saved`: the parameter's value for the row). */
export function syncOptions(saved: IDataObject): SyncOptions {
	return {
		lookup: saved.lookup === 'allProducts' ? 'allProducts' : 'perItem',
		skipUnchanged: saved.skipUnchanged === true,
		dryRun: saved.dryRun === true,
		isDataOverwrite: saved.isDataOverwrite === true,
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

/** The write, prepared as every product write is (send.ts); the sync's catalogue, when asked for. */
function prepareUpsert(item: PimItem): Later<SyncWrite> {
	const sync = syncOptions(item.param<IDataObject>('upsertOptions', {}));
	const compare = sync.skipUnchanged || sync.dryRun;
	// The catalogue is read once the write is prepared: a bad row reads nothing more.
	return andThen(prepareWrite(item, 'create', runClient(item)), ({ pim, write }) =>
		andThen(
			sync.lookup === 'allProducts' ? planOf(item.run).catalogue(pim, compare) : undefined,
			(catalogue) => ({ pim, write, sync, compare, catalogue }),
		),
	);
}

/** Find the product (the sync's catalogue or one look-up), compare (compare.ts), write. */
async function writeUpsert(item: PimItem, prepared: SyncWrite): Promise<INodeExecutionData[]> {
	// A row of a product group whose product another row writes (groups.ts).
	const other = prepared.write.instead?.();
	if (other) return toItems(item, [other]);
	const { output } = await decide(item.run, prepared);
	return writtenItems(item, prepared.write, output);
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

/**
 * Create or Update's own logic as its round runs it (shared/round.ts): prepare, then write, or
 * answer at once for a product found unchanged.
 */
const upsert: WriteSteps<unknown, SyncWrite> = {
	prepare: prepareUpsert,
	write: writeUpsert,
	answer: unchangedOnceFound,
};

/**
 * The output of an item whose product the catalogue shows unchanged, given as soon as the item
 * is prepared: it writes nothing, so it does not hold what it prepared until every item of the
 * round is. Only when nothing else in the run can change the answer: no other row of the run has
 * its SKU (the second of two rows is compared with what the first wrote), and its output says
 * nothing of the whole run.
 */
function unchangedOnceFound(
	item: PimItem,
	{ write, sync, compare, catalogue }: SyncWrite,
): INodeExecutionData[] | undefined {
	if (!catalogue || !compare || write.instead || write.notesOfRun) return undefined;
	const body = write.body();
	const { sku } = body;
	// unchanged() is undefined for a product the catalogue does not have.
	if (!aloneInRun(item, sku)) return undefined;
	if (!catalogue.unchanged(sku, body, write.form, write.lists, sync.isDataOverwrite))
		return undefined;
	return toItems(item, [withNotes({ operation: 'unchanged', sku }, write.notes())]);
}

/**
 * Whether no other item of the node run has this SKU, read from the input rows where the SKU
 * parameter is `{{ $json.field }}` (false when that cannot tell: another expression, a field
 * that is no plain value). Case and spaces are ignored: a doubt only costs the early answer.
 */
function aloneInRun(item: PimItem, sku: string): boolean {
	const plan = planOf(item.run);
	plan.skuCounts ??= skuCounts(item);
	return plan.skuCounts !== 'unknown' && plan.skuCounts.get(fold(sku)) === 1;
}

function skuCounts(item: PimItem): Map<string, number> | 'unknown' {
	const field = item.fieldOf('sku');
	const rows = item.runItems();
	if (!field || !rows) return 'unknown';
	const counts = new Map<string, number>();
	for (const row of rows) {
		const value = (row?.json as IDataObject | undefined)?.[field];
		if (value !== null && typeof value === 'object') return 'unknown';
		const key = fold(value);
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	return counts;
}

export const option: INodePropertyOptions = {
	name: 'Create or Update',
	value: 'upsert',
	action: 'Create or update a product',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	routing: sendsItsOwnRequests(upsert),
};

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

/**
 * The product fields are shared with Create: see fields.ts. Options: version 1 keeps its one
 * option; version 2 adds the sync options (SyncOptions).
 */
export const description: INodeProperties[] = [
	{
		displayName: 'Options',
		name: 'upsertOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('product', ['upsert'], VERSION_1),
		options: [isDataOverwrite],
	},
	{
		displayName: 'Options',
		name: 'upsertOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor('product', ['upsert'], FROM_VERSION_2),
		options: [
			dryRun(
				'Whether to write nothing and output what would happen to each item: create, update (with the fields that would change, old and new) or unchanged',
			),
			{
				displayName: 'Find Existing Products',
				name: 'lookup',
				type: 'options',
				options: [
					{
						name: 'One Look-Up per Item',
						value: 'perItem',
						description: "Ask the PIM for each item's SKU: best for a few items",
					},
					{
						name: 'Read All Products Once',
						value: 'allProducts',
						description:
							"Read the account's products once per execution (pages of 1000) and find every SKU there: best for a whole catalogue",
					},
				],
				default: 'perItem',
				description: 'How the node finds out whether a product exists',
			},
			isDataOverwrite,
			skipUnchanged(
				'Whether to leave a product unwritten when it already holds every value the item would send (its output says "unchanged")',
			),
		],
	},
];

/** Family and a channel required: it may create the product (fields.ts). */
export const writesProduct = 'mayCreate';
export const usesSku = true;
