import type { IDataObject } from 'n8n-workflow';

import { listOf } from '../../shared/params';
import { text } from '../../shared/records';
import type { ProductBody } from './body';
import { recordPathOf } from './categories';
import type { References } from './lists';

/**
 * The compare stage of a product write (Create or Update's Skip Unchanged Products and Dry Run,
 * Import File): a write compared with what the product holds, on the values the node would send.
 * It never calls a real change unchanged: what a product record cannot show counts as a change.
 */

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
	for (const { code, value } of body.attributes ?? [])
		if (!held.is(code, value)) changed[code] = value;
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

/** The fields of a product record a comparison of `body` reads (those changedFields asks about). */
export function fieldsAsked(body: ProductBody, lists: References, overwrite: boolean): Set<string> {
	const asked = new Set<string>();
	const ask = (field: string) => (asked.add(field), true);
	changedFields(body, { is: ask, holds: ask }, lists, overwrite);
	return asked;
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

/**
 * What a write of `body` would send, as product records name it (a dry run's create): the
 * family, channels, categories as their title paths, images, and each attribute's value.
 */
export function wouldSend(body: ProductBody, lists: References): IDataObject {
	const values: IDataObject = {};
	if (body.familyCode) {
		const family = lists.families?.find((f) => text(f.code) === body.familyCode);
		values.family = text(family?.title) || body.familyCode;
	}
	if (body.channels?.length) values.channels = body.channels.map((c) => c.code);
	if (body.categories?.length)
		values.category = body.categories.map(
			(c) => recordPathOf(lists, c.code, c.channel).path ?? c.code,
		);
	if (body.images?.length) values.image = body.images;
	for (const { code, value } of body.attributes ?? []) values[code] = value;
	for (const { code, values: list } of body.multiSelectAttributes ?? []) values[code] = list;
	return values;
}
