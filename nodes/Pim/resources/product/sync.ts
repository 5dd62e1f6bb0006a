import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { ENDPOINTS } from '../../shared/endpoints';
import { lookaheadFor, MAX_PAGE_SIZE, paginate } from '../../shared/pagination';
import { runOf } from '../../shared/run';
import { text } from '../../shared/reading';
import { formValue } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import type { ProductBody } from './body';
import { RECORD_FIELDS } from './mapping';
import { recordPathOf, type References } from './references';

/**
 * Create or Update as a sync (version 2's Sync options): the account's products read once per
 * node execution (lookup `allProducts`), and a write compared with the product the PIM holds
 * (`skipUnchanged`, `dryRun`). The comparison is on the wire form the node would send and never
 * calls a real change unchanged: what a product record cannot show counts as a change.
 */

export interface SyncOptions {
	lookup: 'perItem' | 'allProducts';
	skipUnchanged: boolean;
	dryRun: boolean;
	isDataOverwrite: boolean;
}

export function syncOptions(ctx: IExecuteSingleFunctions): SyncOptions {
	const o = ctx.getNodeParameter('upsertOptions', {}) as IDataObject;
	return {
		lookup: o.lookup === 'allProducts' ? 'allProducts' : 'perItem',
		skipUnchanged: o.skipUnchanged === true,
		dryRun: o.dryRun === true,
		isDataOverwrite: o.isDataOverwrite === true,
	};
}

// ---- the catalogue, read once per node execution ----

/**
 * The account's products by SKU. Only what a comparison needs is kept (attribute values, family,
 * categories, image), or nothing but the SKU when no comparison is asked for; a product this
 * run created is known too.
 */
export type Catalogue = Map<string, IDataObject | true>;

/** Fields of a record a comparison never reads: dropped from the catalogue to save memory. */
const BOOKKEEPING = [...RECORD_FIELDS].filter(
	(f) => !['id', 'family', 'category', 'image'].includes(f),
);

export async function catalogueOf(
	ctx: IExecuteSingleFunctions,
	pim: PimClient,
	keepRecords: boolean,
): Promise<Catalogue> {
	return await runOf(ctx).shared(`products:${keepRecords}`, "the account's products", async () => {
		const { records } = await paginate(
			pim,
			{ method: 'GET', url: ENDPOINTS.product },
			{
				pageSize: MAX_PAGE_SIZE,
				max: Infinity,
				lookahead: lookaheadFor(pim),
				advice:
					'Create or Update reads at most this many products with Find Existing Products → Read All Products Once: sync the catalogue in slices (one slice of the sheet per execution), or find each product with One Look-Up per Item.',
			},
		);
		const catalogue: Catalogue = new Map();
		for (const record of records) {
			const sku = text(record.sku);
			if (!sku) continue;
			if (keepRecords) for (const field of BOOKKEEPING) delete record[field];
			catalogue.set(sku, keepRecords ? record : true);
		}
		return catalogue;
	});
}

// ---- the comparison ----

export interface Change {
	old: unknown;
	new: unknown;
}

/** `null`, a text or a list as a list of texts (records show multi-values as lists). */
function listIn(value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	if (Array.isArray(value)) return value.map(text);
	return text(value)
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
}

/** Every value sent is there (the PIM adds), or with Overwrite the very same list. */
function holds(old: string[], sent: string[], overwrite: boolean): boolean {
	if (overwrite) return old.length === sent.length && sent.every((v, i) => old[i] === v);
	return sent.every((v) => old.includes(v));
}

/**
 * What a write of `body` would change in the product `record` shows, field by field; empty when
 * it holds everything. Channels are not in product records: they are not compared (they go out
 * with any write, and Assign Channel changes them on their own). What a record cannot show —
 * images past the first, a category whose path is in several trees, anything with Overwrite Data
 * on images — counts as a change.
 */
export function changesOf(
	body: ProductBody,
	record: IDataObject,
	lists: References,
	overwrite: boolean,
): Record<string, Change> {
	const changes: Record<string, Change> = {};
	if (body.familyCode) {
		const family = (lists.families ?? []).find((f) => text(f.code) === body.familyCode);
		const shown = text(record.family);
		if (!family || (shown !== text(family.title) && shown !== body.familyCode))
			changes.family = {
				old: record.family ?? null,
				new: family ? text(family.title) : body.familyCode,
			};
	}
	for (const { code, value } of body.attributes ?? []) {
		const old = record[code];
		const sent = formValue(value);
		if (old === undefined || old === null || text(old) !== sent)
			changes[code] = { old: old ?? null, new: sent };
	}
	for (const { code, values } of body.multiSelectAttributes ?? []) {
		const old = listIn(record[code]);
		if (!holds(old, values, overwrite)) changes[code] = { old, new: values };
	}
	if (body.categories?.length) {
		const old = listIn(record.category);
		const sent = body.categories.map((c) => recordPathOf(lists, c.code, c.channel));
		const known = sent.every((c) => c.path !== undefined && c.alone);
		const paths = sent.map((c) => c.path ?? '?');
		if (!known || !holds(old, paths, overwrite)) changes.category = { old, new: paths };
	}
	if (body.images?.length) {
		// A record shows one image: only a single image, added to a product that shows it, is known.
		const old = record.image ?? null;
		if (overwrite || body.images.length > 1 || old !== body.images[0])
			changes.image = { old, new: body.images.length === 1 ? body.images[0] : body.images };
	}
	return changes;
}
