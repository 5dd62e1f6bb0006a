import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { getCategories, getChannels, getFamilies } from '../Pim/methods/loadOptions';
import { FULL_LIST_PAGE_SIZE, readAll, SOURCES } from '../Pim/shared/reading';
import { categoryChains, text } from '../Pim/shared/records';
import { codeDropdown } from '../Pim/shared/descriptions';
import { ENDPOINTS } from '../Pim/shared/endpoints';
import {
	lookaheadFor,
	MAX_ITEMS_PER_INPUT,
	paginate,
	tooManyRecords,
} from '../Pim/shared/pagination';
import { POLL_SETTINGS } from '../Pim/shared/policy';
import { pimClient, type PimClient } from '../Pim/shared/transport';
import { deltaStop } from '../Pim/shared/listOrder';
import { changesSince, type Cursor } from './cursor';

/** readAll's page length: reading on from page 2 continues where this poll's page 1 ended. */
const PAGE_SIZE = FULL_LIST_PAGE_SIZE;

/** A poll holds at most MAX_ITEMS_PER_INPUT products: what to do when a list passes that. */
const TRIGGER_ADVICE =
	'A poll holds at most this many products. When the PIM lists products last-updated first, a poll reads only the changes since the previous one: poll more often. Otherwise it reads the whole list, so a bigger catalogue needs that order.';

/**
 * The products a poll needs: those updated at or after `since`, and maybe more. The one delta
 * read of the product list (shared/listOrder.ts, deltaStop, as Export File's Updated Since): when
 * the PIM lists last-updated first, pages are read until one ends older than `since` (requests
 * per poll: about one page per 1000 changes); otherwise, or when `since` is undefined, the whole
 * list. `newest` (a first poll): from the first page's newest time.
 */
async function readProductsSince(
	pim: PimClient,
	since: string | 'newest' | undefined,
): Promise<IDataObject[]> {
	const delta = since === undefined ? undefined : deltaStop(since, true);
	// A poll holds at most MAX_ITEMS_PER_INPUT products: a list read whole is refused by its
	// recordsTotal at once; a delta read, which stops early, only once it has read more.
	const products: IDataObject[] = [];
	let total: number | undefined;
	await paginate(
		pim,
		{ method: 'GET', url: ENDPOINTS.product },
		{
			pageSize: PAGE_SIZE,
			max: Infinity,
			refuseAbove: delta ? Number.MAX_SAFE_INTEGER : MAX_ITEMS_PER_INPUT,
			advice: TRIGGER_ADVICE,
			// A delta read asks for no page ahead once the list shows it is last-updated first.
			lookahead: delta ? () => (delta.state.ordered() ? 0 : lookaheadFor(pim)) : lookaheadFor(pim),
			onRecords: (records) => {
				for (const record of records) products.push(record);
				if (products.length > MAX_ITEMS_PER_INPUT)
					throw tooManyRecords(pim, MAX_ITEMS_PER_INPUT, PAGE_SIZE, total, TRIGGER_ADVICE);
			},
			stopAfter: (page) => {
				if (page.total !== undefined) total = page.total;
				const stop = delta ? delta.stopAfter(page) : false;
				// A list its pages do not show last-updated first is read whole: refused at once
				// when its recordsTotal is past the bound, as the whole list's read is.
				if (!stop && !delta?.state.ordered() && total !== undefined && total > MAX_ITEMS_PER_INPUT)
					throw tooManyRecords(pim, MAX_ITEMS_PER_INPUT, PAGE_SIZE, total, TRIGGER_ADVICE);
				return stop;
			},
		},
	);
	return products;
}

/** The given categories and every category below them (the tree walked once, records.ts). */
function withDescendants(roots: IDataObject[], all: IDataObject[]): IDataObject[] {
	const rootIds = new Set(roots.map((c) => text(c.id)));
	const chains = categoryChains(all);
	const below = all.filter((c) =>
		(chains.get(text(c.id)) ?? []).some((above) => rootIds.has(text(above.id))),
	);
	const result = new Map(roots.map((c) => [text(c.id), c]));
	for (const c of below) result.set(text(c.id), c);
	return [...result.values()];
}

/** Turns the chosen family / channel / category codes into a test on product records. */
async function productFilter(
	ctx: IPollFunctions,
	pim: PimClient,
): Promise<(p: IDataObject) => boolean> {
	const filters = ctx.getNodeParameter('filters', {}) as IDataObject;
	const tests: Array<(p: IDataObject) => boolean> = [];
	const lower = (v: unknown) => text(v).toLowerCase();

	if (filters.familyCode) {
		const families = await readAll(pim, SOURCES.family);
		const family = families.find((f) => text(f.code) === filters.familyCode);
		// Product records name their family by title.
		const names = new Set([lower(filters.familyCode), lower(family?.title)].filter(Boolean));
		tests.push((p) => names.has(lower(p.family)));
	}

	if (filters.channelCode || filters.categoryCode) {
		// Membership comes from the category product lists: product records name categories by
		// title only, and titles repeat across channels.
		const categories = await readAll(pim, SOURCES.category);
		let chosen = categories;
		if (filters.channelCode) {
			const channels = await readAll(pim, SOURCES.channel);
			const channel = channels.find((c) => text(c.code) === filters.channelCode);
			chosen = chosen.filter((c) => channel && text(c.channel_id) === text(channel.id));
		}
		if (filters.categoryCode) chosen = chosen.filter((c) => text(c.code) === filters.categoryCode);
		const ids = new Set<string>();
		for (const category of withDescendants(chosen, categories)) {
			const { records } = await paginate(
				pim,
				{ method: 'GET', url: ENDPOINTS.categoryProducts, qs: { id: text(category.id) } },
				{ pageSize: PAGE_SIZE, max: Infinity },
			);
			for (const product of records) ids.add(text(product.id));
		}
		tests.push((p) => ids.has(text(p.id)));
	}
	return (p) => tests.every((t) => t(p));
}

export class PimTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PIM Trigger',
		name: 'pimTrigger',
		icon: { light: 'file:../Pim/pim.svg', dark: 'file:../Pim/pim.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Products created or updated',
		// n8n's node creator merges an app's action node with its trigger and shows the TRIGGER's
		// description for both: so it describes the whole package, not only the trigger.
		description:
			'Create, update and read PIM products and catalogue data, or start a workflow when products change',
		defaults: { name: 'PIM Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'pimApi', required: true }],
		properties: [
			{
				displayName:
					'The PIM has no "changed since" query. If it lists products last-updated first, a poll reads only down to the previous poll; otherwise the whole product list (one request per 1000 products).',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				default: 'productChanged',
				options: [
					{
						name: 'Product Created or Updated',
						value: 'productChanged',
						description: 'A product whose updated-at time is later than at the previous poll',
					},
				],
			},
			{
				displayName: 'Filters',
				name: 'filters',
				type: 'collection',
				placeholder: 'Add Filter',
				default: {},
				options: [
					codeDropdown({
						displayName: 'Category',
						name: 'categoryCode',
						method: 'getCategories',
						description: 'Only products in this category or below it.',
					}),
					codeDropdown({
						displayName: 'Channel',
						name: 'channelCode',
						method: 'getChannels',
						description: 'Only products in a category of this channel.',
					}),
					codeDropdown({
						displayName: 'Family',
						name: 'familyCode',
						method: 'getFamilies',
						description: 'Only products of this family.',
					}),
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Existing Products on First Poll',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description:
							'Whether the first poll after activation emits every existing product once; otherwise it starts from now',
					},
				],
			},
		],
	};

	methods = { loadOptions: { getCategories, getChannels, getFamilies } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const pim = pimClient(this, POLL_SETTINGS);
		const staticData = this.getWorkflowStaticData('node') as { cursor?: Cursor };
		const emitExisting =
			(this.getNodeParameter('options', {}) as IDataObject).emitExisting === true;
		const manual = this.getMode() === 'manual';
		// What the poll must see: changes after the cursor; on the first poll, only the newest time.
		const since = manual
			? undefined
			: (staticData.cursor?.updatedAt ?? (emitExisting ? undefined : 'newest'));
		const products = await readProductsSince(pim, since);
		const keep = await productFilter(this, pim);

		if (manual) {
			// A test run shows the most recently changed product without moving the cursor.
			const latest = changesSince(undefined, products.filter(keep)).changed.slice(-1);
			return latest.length ? [latest.map((json) => ({ json }))] : null;
		}

		const first = staticData.cursor === undefined;
		const { changed, cursor } = changesSince(staticData.cursor, products);
		staticData.cursor = cursor;
		if (first && !emitExisting) return null;

		const items = changed.filter(keep).map((json) => ({ json }));
		return items.length ? [items] : null;
	}
}
