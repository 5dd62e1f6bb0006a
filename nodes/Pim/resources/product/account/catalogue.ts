import type { IDataObject } from 'n8n-workflow';

import { listOf } from '../../../shared/params';
import type { Later, PimRun } from '../../../shared/run';
import type { AttributeCatalog } from '../../../shared/attributes';
import { ENDPOINTS } from '../../../shared/endpoints';
import { lookaheadFor, MAX_PAGE_SIZE, paginate } from '../../../shared/pagination';
import { text } from '../../../shared/records';
import type { PimClient } from '../../../shared/transport';
import type { ProductBody } from '../engine/body';
import { changedFields, type Holding } from '../engine/compare';
import { RECORD_FIELDS } from '../engine/mapping';
import type { References } from './lists';
import { SkuTable, type Entry } from './skuTable';

/**
 * The account's products by SKU, read once per workflow execution and kept in step with the
 * node's own writes. For a comparison it keeps a digest per product, not the record: the 48-bit
 * hashes of the facts a comparison asks about (each field's text; each element of a category or
 * multi-select list, and the list whole). Two different values share a hash with a chance of 1
 * in 2^48 per fact asked about. Given `fields` (Import File: the fields its rows compare), it
 * digests only those; a comparison asking about another field reads the product.
 */
export class Catalogue {
	/** SKU → the product's facts (3 UTF-16 units a hash); none kept when nothing is compared. */
	private readonly products = new SkuTable();
	/** SKU → the hash of the form this execution last wrote for it (3 units). */
	private readonly written = new SkuTable();

	constructor(
		private readonly compare: boolean,
		private readonly multiSelect: (field: string) => boolean,
		/** The fields digested; every field when not given. */
		private readonly fields?: ReadonlySet<string>,
	) {}

	add(record: IDataObject): void {
		const sku = text(record.sku);
		if (!sku) return;
		if (this.compare) this.products.set(sku, ...this.digest(record));
		else this.products.set(sku);
	}

	has(sku: string): boolean {
		return this.products.has(sku) || this.written.has(sku);
	}

	/**
	 * Whether a write would leave the product as it is (see changed): false for a product this
	 * execution wrote another form to; undefined when it cannot tell without reading the product.
	 */
	unchanged(
		sku: string,
		body: ProductBody,
		form: () => string,
		lists: References,
		overwrite: boolean,
	): boolean | undefined {
		const changed = this.changed(sku, body, form, lists, overwrite);
		if (Array.isArray(changed)) return changed.length === 0;
		return this.written.has(sku) ? false : undefined;
	}

	/**
	 * The fields a write of `form` (of `body`) would change in the product (compare.ts,
	 * changedFields): none when it holds every value or this execution wrote the very same form
	 * to it; undefined when it cannot tell (a product it does not have, a form it wrote before
	 * that differs: the fields are not kept); 'read' when the product's record must be read to
	 * tell (a field it does not digest).
	 */
	changed(
		sku: string,
		body: ProductBody,
		form: () => string,
		lists: References,
		overwrite: boolean,
	): string[] | 'read' | undefined {
		const written = this.written.get(sku);
		if (written) {
			hashWhole(form());
			return hashAt(written.chunk, written.at) ? [] : undefined;
		}
		const entry = this.products.get(sku);
		if (entry?.length === undefined) return undefined;
		const facts = entry as Facts;
		let undigested = false;
		const digested = (field: string) =>
			!this.fields || this.fields.has(field) || !(undigested = true);
		const held: Holding = {
			is: (field, value) => digested(field) && hasFact(facts, '=', field, value),
			holds: (field, values, overwrite) =>
				digested(field) &&
				(overwrite
					? hasFact(facts, '[', field, JSON.stringify(values))
					: values.every((v) => hasFact(facts, '+', field, v))),
		};
		const changed = Object.keys(changedFields(body, held, lists, overwrite));
		return undigested ? 'read' : changed;
	}

	/** The node wrote `form` to the product: it exists, and holds what the form sent. */
	wrote(sku: string, form: string): void {
		hashWhole(form);
		this.written.set(sku, UNITS, 3);
	}

	/** The record's facts: the units of their hashes, and how many units. */
	private digest(record: IDataObject): [Uint16Array, number] {
		const facts = new FactWriter();
		// for…in, not Object.entries: no array a record (a page digests a thousand).
		for (const field in record) {
			const value = record[field];
			if (value === undefined || value === null || BOOKKEEPING.has(field)) continue;
			if (this.fields && !this.fields.has(field)) continue;
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

/** Collects facts' hashes (3 UTF-16 units each) for one product, in a buffer all products share. */
class FactWriter {
	private static buffer = new Uint16Array(3 * 256);
	private length = 0;

	add(kind: string, field: string, value: string): void {
		if (this.length + 3 > FactWriter.buffer.length) {
			const bigger = new Uint16Array(FactWriter.buffer.length * 2);
			bigger.set(FactWriter.buffer);
			FactWriter.buffer = bigger;
		}
		hashParts(kind, field, value);
		FactWriter.buffer[this.length++] = UNITS[0];
		FactWriter.buffer[this.length++] = UNITS[1];
		FactWriter.buffer[this.length++] = UNITS[2];
	}

	done(): [Uint16Array, number] {
		return [FactWriter.buffer, this.length];
	}
}

/** Fields of a record a comparison never reads: not digested. */
const BOOKKEEPING = new Set(
	[...RECORD_FIELDS].filter((f) => !['family', 'category', 'image'].includes(f)),
);

/** A product's facts where the SKU table keeps them. */
type Facts = Entry & { length: number };

/** Whether the 3 units at `i` are the last hash's (UNITS). */
const hashAt = (chunk: Uint16Array, i: number) =>
	chunk[i] === UNITS[0] && chunk[i + 1] === UNITS[1] && chunk[i + 2] === UNITS[2];

/** Whether the product has the fact `${kind}${field}\u0000${value}`. */
function hasFact(
	{ chunk, at, length }: Facts,
	kind: string,
	field: string,
	value: string,
): boolean {
	hashParts(kind, field, value);
	for (let i = at; i < at + length; i += 3) if (hashAt(chunk, i)) return true;
	return false;
}

/**
 * A 48-bit hash of a text as 3 UTF-16 units: two independent 32-bit FNV-1a style passes. The
 * passes' state is module-wide, so a fact's parts are hashed one after another as one text, with
 * no text made per fact (a page of the catalogue digests tens of thousands).
 */
let passA = 0;
let passB = 0;
const UNITS = new Uint16Array(3);

function hashStart(): void {
	passA = 0x811c9dc5;
	passB = 0x2545f491;
}

/** The passes over a text (the state in locals while it runs: module-wide variables are slower). */
function hashText(value: string): void {
	let a = passA;
	let b = passB;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		a = Math.imul(a ^ c, 0x01000193);
		b = Math.imul(b ^ c, 0x5bd1e995);
		b ^= b >>> 15;
	}
	passA = a;
	passB = b;
}

/** The hash's units into UNITS (where a SKU table takes them from). */
function hashEnd(): void {
	let a = passA;
	a ^= a >>> 13;
	a = Math.imul(a, 0xc2b2ae35);
	a ^= a >>> 16;
	UNITS[0] = a & 0xffff;
	UNITS[1] = a >>> 16;
	UNITS[2] = (passB ^ (passB >>> 16)) & 0xffff;
}

/** The hash of `${kind}${field}\u0000${value}` into UNITS. */
function hashParts(kind: string, field: string, value: string): void {
	hashStart();
	hashText(kind);
	hashText(field);
	hashText('\u0000');
	hashText(value);
	hashEnd();
}

/** The hash of a text (the form a write sent: Catalogue.wrote) into UNITS. */
function hashWhole(value: string): void {
	hashStart();
	hashText(value);
	hashEnd();
}

/**
 * The sync's catalogue, read once per execution and shared (see readCatalogue); `started`: a read
 * of the same fields already under way (Import File's, beside its check pass), taken as the
 * execution's read when none is (it is asked for then).
 */
export function catalogueOf(
	run: PimRun,
	pim: PimClient,
	compare: boolean,
	attributes: () => Later<AttributeCatalog>,
	fields?: ReadonlySet<string>,
	started?: () => Promise<Catalogue>,
): Later<Catalogue> {
	const digested = fields ? `:${[...fields].sort().join('\u0000')}` : '';
	return run.shared(
		`products:${compare}${digested}`,
		"the account's products",
		() => started?.() ?? readCatalogue(pim, compare, attributes, fields),
	);
}

/**
 * The account's products, each page digested as it arrives and let go, so its bound is the
 * digests' memory (MAX_CATALOGUE), not the bound of a read's output items. `fields`: the fields
 * digested (see Catalogue), every field when not given. Once `stop()` is true no page is read
 * after the one in hand (the pages asked for ahead are awaited: no request outlives the read),
 * and the read rejects.
 */
export async function readCatalogue(
	pim: PimClient,
	compare: boolean,
	attributes: () => Later<AttributeCatalog>,
	fields?: ReadonlySet<string>,
	stop?: () => boolean,
): Promise<Catalogue> {
	const kinds = compare ? await attributes() : undefined;
	const catalogue = new Catalogue(
		compare,
		(field) => kinds?.byCode.get(field)?.kind === 'multiSelect',
		fields,
	);
	await paginate(
		pim,
		{ method: 'GET', url: ENDPOINTS.product },
		{
			pageSize: MAX_PAGE_SIZE,
			max: Infinity,
			lookahead: lookaheadFor(pim),
			onRecords: (records) => {
				if (stop?.()) throw new Error('The read of the catalogue was stopped');
				records.forEach((record) => catalogue.add(record));
			},
			refuseAbove: MAX_CATALOGUE,
			advice:
				'Create or Update reads at most this many products with Find Existing Products → Read All Products Once: sync the catalogue in slices (one slice of the sheet per execution), or find each product with One Look-Up per Item.',
		},
	);
	return catalogue;
}

/** The most products the catalogue holds: about 120-160 bytes each (docs/sync.md). */
export const MAX_CATALOGUE = 2_000_000;
