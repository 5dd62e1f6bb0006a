import type {
	IDataObject,
	INodeExecutionData,
	INodePropertyOptions,
	INodeProperties,
} from 'n8n-workflow';

import { collection, FROM_VERSION_2, showFor, VERSION_1 } from '../../shared/descriptions';
import { fold } from '../../shared/records';
import type { PimItem } from '../../shared/item';
import { sendsItsOwnRequests } from '../../shared/runners';
import { runClient, toItems } from '../../shared/operations';
import type { WriteSteps } from '../../shared/round';
import { andThen, type Later } from '../../shared/run';
import { ItemRow } from './sources/itemRow';
import { planOf } from './engine/plan';
import { notesOf } from './engine/report';
import { decide, prepareWrite, withNotes, writeItem, type SyncWrite } from './engine/send';
import { dryRun, isDataOverwrite, skipUnchanged, syncOptions } from './engine/sync';

/** The write, prepared as every product write is (send.ts); the sync's catalogue, when asked for. */
function prepareUpsert(item: PimItem): Later<SyncWrite> {
	const sync = syncOptions(item.param<IDataObject>('upsertOptions', {}));
	const compare = sync.skipUnchanged || sync.dryRun;
	// The catalogue is read once the write is prepared: a bad row reads nothing more.
	return andThen(prepareWrite(new ItemRow(item), 'create', runClient(item)), ({ pim, write }) =>
		andThen(
			sync.lookup === 'allProducts' ? planOf(item.run).catalogue(pim, compare) : undefined,
			(catalogue) => ({ pim, write, sync, compare, catalogue }),
		),
	);
}

/** Find the product (the sync's catalogue or one look-up), compare (compare.ts), write. */
function writeUpsert(item: PimItem, prepared: SyncWrite): Promise<INodeExecutionData[]> {
	return writeItem(
		item,
		prepared.write,
		async (write) => (await decide(item.run, { ...prepared, write })).output,
	);
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
	if (!catalogue || !compare || write.group || write.notCompared || write.notes.run)
		return undefined;
	const body = write.body();
	const { sku } = body;
	// unchanged() is undefined for a product the catalogue does not have.
	if (!aloneInRun(item, sku)) return undefined;
	if (!catalogue.unchanged(sku, body, write.form, write.lists, sync.isDataOverwrite))
		return undefined;
	const notes = notesOf(planOf(item.run).report, write.notes, write.warnings);
	return toItems(item, [withNotes({ operation: 'unchanged', sku }, notes)]);
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

/**
 * The product fields are shared with Create: see fields.ts. Options: version 1 keeps its one
 * option; version 2 adds the sync options (SyncOptions).
 */
export const description: INodeProperties[] = [
	collection('Options', 'upsertOptions', {
		displayOptions: showFor('product', ['upsert'], VERSION_1),
		options: [isDataOverwrite],
	}),
	collection('Options', 'upsertOptions', {
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
	}),
];

/** Family and a channel required: it may create the product (fields.ts). */
export const writesProduct = 'mayCreate';
export const usesSku = true;
