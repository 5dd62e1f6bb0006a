import type { IDataObject } from 'n8n-workflow';

import type { ProductRow } from './row';
import { listOf } from '../../shared/params';
import type { Later, PimRun } from '../../shared/run';
import type { AttributeCatalog } from '../../shared/attributes';
import { ENDPOINTS } from '../../shared/endpoints';
import { lookaheadFor, MAX_PAGE_SIZE, paginate } from '../../shared/pagination';
import { text } from '../../shared/records';
import { formValue } from '../../shared/serializer';
import type { PimClient } from '../../shared/transport';
import type { ProductBody } from './body';
import { RECORD_FIELDS } from './mapping';
import { recordPathOf } from './categories';
import type { References } from './lists';

/**
 * Create or Update as a sync (version 2's Sync options): the account's products read once per
 * workflow execution (lookup `allProducts`), and a write compared with the product the PIM holds
 * (`skipUnchanged`, `dryRun`). The comparison is on the wire form the node would send and never
 * calls a real change unchanged: what a product record cannot show counts as a change.
 */

export interface SyncOptions {
	lookup: 'perItem' | 'allProducts';
	skipUnchanged: boolean;
	dryRun: boolean;
	isDataOverwrite: boolean;
}

export function syncOptions(item: ProductRow): SyncOptions {
	const o = item.param<IDataObject>('upsertOptions', {});
	return {
		lookup: o.lookup === 'allProducts' ? 'allProducts' : 'perItem',
		skipUnchanged: o.skipUnchanged === true,
		dryRun: o.dryRun === true,
		isDataOverwrite: o.isDataOverwrite === true,
	};
}

// ---- the comparison ----

export interface Change {
	old: unknown;
	new: unknown;
}

/** What a product holds, as the comparison asks it: a whole record, or its digest (Catalogue). */
export interface Holding {
	/** The field, as text, is exactly `value` (a missing or null field is nothing). */
	is(field: string, value: string): boolean;
	/** The field, as a list, holds every value sent (the PIM adds), or with Overwrite exactly them. */
	holds(field: string, values: string[], overwrite: boolean): boolean;
}

function holdsList(old: string[], sent: string[], overwrite: boolean): boolean {
	if (overwrite) return old.length === sent.length && sent.every((v, i) => old[i] === v);
	return sent.every((v) => old.includes(v));
}

/** A product record as a Holding. */
export function recordHolding(record: IDataObject): Holding {
	return {
		is: (field, value) =>
			record[field] !== undefined && record[field] !== null && text(record[field]) === value,
		holds: (field, values, overwrite) =>
			holdsList(listOf(record[field], 'exact'), values, overwrite),
	};
}

/**
 * What a write of `body` would change in the product `held`, field by field, with the value the
 * write would leave there (as a record would show it); empty when it holds everything. Channels
 * are not in product records: they are not compared (they go out with any write, and Assign
 * Channel changes them on their own). What a record cannot show — images past the first, a
 * category whose path is in several trees, anything with Overwrite Data on images — counts as a
 * change.
 */
export function changedFields(
	body: ProductBody,
	held: Holding,
	lists: References,
	overwrite: boolean,
): Record<string, unknown> {
	const changed: Record<string, unknown> = {};
	if (body.familyCode) {
		const family = (lists.families ?? []).find((f) => text(f.code) === body.familyCode);
		const title = family ? text(family.title) : undefined;
		if (!family || !(held.is('family', title!) || held.is('family', body.familyCode)))
			changed.family = title ?? body.familyCode;
	}
	for (const { code, value } of body.attributes ?? []) {
		const sent = formValue(value);
		if (!held.is(code, sent)) changed[code] = sent;
	}
	// An empty list puts nothing on the wire (write.ts): it changes nothing.
	for (const { code, values } of body.multiSelectAttributes ?? [])
		if (values.length && !held.holds(code, values, overwrite)) changed[code] = values;
	if (body.categories?.length) {
		const sent = body.categories.map((c) => recordPathOf(lists, c.code, c.channel));
		const known = sent.every((c) => c.path !== undefined && c.alone);
		const paths = sent.map((c) => c.path ?? '?');
		if (!known || !held.holds('category', paths, overwrite)) changed.category = paths;
	}
	if (body.images?.length) {
		// A record shows one image: only a single image, added to a product that shows it, is known.
		const [first] = body.images;
		if (overwrite || body.images.length > 1 || !held.is('image', first))
			changed.image = body.images.length === 1 ? first : body.images;
	}
	return changed;
}

/** The changes of a write against a whole record, old → new (a dry run's report). */
export function changesOf(
	body: ProductBody,
	record: IDataObject,
	lists: References,
	overwrite: boolean,
): Record<string, Change> {
	const changed = changedFields(body, recordHolding(record), lists, overwrite);
	const changes: Record<string, Change> = {};
	for (const [field, value] of Object.entries(changed)) {
		const old = record[field];
		const list = field === 'category' || (Array.isArray(value) && field !== 'image');
		changes[field] = { old: list ? listOf(old, 'exact') : (old ?? null), new: value };
	}
	return changes;
}

// ---- the catalogue, read once per workflow execution ----

/**
 * The account's products by SKU, read once per workflow execution and kept in step with the
 * node's own writes. For a comparison it keeps a digest per product, not the record: the 48-bit
 * hashes of the facts a comparison asks about (each field's text; each element of a category or
 * multi-select list, and the list whole). A 250 000-product account then fits in tens of MB,
 * where the records took GBs (README, "A nightly sync"). Two different values share a hash with
 * a chance of 1 in 2^48 per fact asked about.
 */
export class Catalogue {
	/** SKU → the product's facts (3 UTF-16 units a hash), or true when nothing is compared. */
	private readonly products = new Map<string, string | true>();
	/** SKU → the hash of the form this execution last wrote for it. */
	private readonly written = new Map<string, string>();

	constructor(
		private readonly compare: boolean,
		private readonly multiSelect: (field: string) => boolean,
	) {}

	add(record: IDataObject): void {
		const sku = text(record.sku);
		if (sku) this.products.set(sku, this.compare ? this.digest(record) : true);
	}

	has(sku: string): boolean {
		return this.products.has(sku) || this.written.has(sku);
	}

	/**
	 * Whether a write of `form` (of `body`) would leave the product as it is: it holds every
	 * value, or this execution wrote the very same form to it. undefined when it cannot tell.
	 */
	unchanged(
		sku: string,
		body: ProductBody,
		form: () => string,
		lists: References,
		overwrite: boolean,
	): boolean | undefined {
		const written = this.written.get(sku);
		if (written !== undefined) return written === hashOf(form());
		const facts = this.products.get(sku);
		if (typeof facts !== 'string') return undefined;
		const held: Holding = {
			is: (field, value) => hasFact(facts, fact('=', field, value)),
			holds: (field, values, overwrite) =>
				overwrite
					? hasFact(facts, fact('[', field, JSON.stringify(values)))
					: values.every((v) => hasFact(facts, fact('+', field, v))),
		};
		return Object.keys(changedFields(body, held, lists, overwrite)).length === 0;
	}

	/** The node wrote `form` to the product: it exists, and holds what the form sent. */
	wrote(sku: string, form: string): void {
		this.written.set(sku, hashOf(form));
	}

	/**
	 * The record's facts as one flat string: written into a buffer and made a string once, where
	 * appending to a string would keep a rope of every piece (1 KB a product instead of 0.4).
	 */
	private digest(record: IDataObject): string {
		const facts = new FactWriter();
		for (const [field, value] of Object.entries(record)) {
			if (value === undefined || value === null || BOOKKEEPING.has(field)) continue;
			facts.add('=', field, text(value));
			if (field === 'category' || Array.isArray(value) || this.multiSelect(field)) {
				const list = listOf(value, 'exact');
				facts.add('[', field, JSON.stringify(list));
				for (const element of list) facts.add('+', field, element);
			}
		}
		return facts.done();
	}
}

/** Collects facts' hashes (3 UTF-16 units each) for one product. */
class FactWriter {
	private static buffer = new Uint16Array(3 * 256);
	private length = 0;

	add(kind: string, field: string, value: string): void {
		if (this.length + 3 > FactWriter.buffer.length) {
			const bigger = new Uint16Array(FactWriter.buffer.length * 2);
			bigger.set(FactWriter.buffer);
			FactWriter.buffer = bigger;
		}
		const hash = fact(kind, field, value);
		for (let i = 0; i < 3; i++) FactWriter.buffer[this.length++] = hash.charCodeAt(i);
	}

	done(): string {
		return String.fromCharCode.apply(
			null,
			FactWriter.buffer.subarray(0, this.length) as unknown as number[],
		);
	}
}

/** Fields of a record a comparison never reads: not digested. */
const BOOKKEEPING = new Set(
	[...RECORD_FIELDS].filter((f) => !['family', 'category', 'image'].includes(f)),
);

const fact = (kind: string, field: string, value: string) =>
	hashOf(`${kind}${field}\u0000${value}`);

function hasFact(facts: string, wanted: string): boolean {
	for (let i = 0; i < facts.length; i += 3)
		if (
			facts.charCodeAt(i) === wanted.charCodeAt(0) &&
			facts.charCodeAt(i + 1) === wanted.charCodeAt(1) &&
			facts.charCodeAt(i + 2) === wanted.charCodeAt(2)
		)
			return true;
	return false;
}

/** A 48-bit hash of a text as 3 UTF-16 units: two independent 32-bit FNV-1a style passes. */
function hashOf(value: string): string {
	let a = 0x811c9dc5;
	let b = 0x2545f491;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193);
		b = Math.imul(b ^ c, 0x5bd1e995);
		b ^= b >>> 15;
	}
	a ^= a >>> 13;
	a = Math.imul(a, 0xc2b2ae35);
	a ^= a >>> 16;
	return String.fromCharCode(a & 0xffff, a >>> 16, (b ^ (b >>> 16)) & 0xffff);
}

/**
 * The sync's catalogue: the account's products, each page digested as it arrives and let go, so
 * its bound is the digests' memory (MAX_CATALOGUE), not the bound of a read's output items.
 */
export function catalogueOf(
	run: PimRun,
	pim: PimClient,
	compare: boolean,
	attributes: () => Later<AttributeCatalog>,
): Later<Catalogue> {
	return run.shared(`products:${compare}`, "the account's products", async () => {
		const kinds = compare ? await attributes() : undefined;
		const catalogue = new Catalogue(
			compare,
			(field) => kinds?.byCode.get(field)?.kind === 'multiSelect',
		);
		await paginate(
			pim,
			{ method: 'GET', url: ENDPOINTS.product },
			{
				pageSize: MAX_PAGE_SIZE,
				max: Infinity,
				lookahead: lookaheadFor(pim),
				onRecords: (records) => records.forEach((record) => catalogue.add(record)),
				refuseAbove: MAX_CATALOGUE,
				advice:
					'Create or Update reads at most this many products with Find Existing Products → Read All Products Once: sync the catalogue in slices (one slice of the sheet per execution), or find each product with One Look-Up per Item.',
			},
		);
		return catalogue;
	});
}

/** The most products the catalogue holds: about 200 bytes each (README, "A nightly sync"). */
export const MAX_CATALOGUE = 2_000_000;
