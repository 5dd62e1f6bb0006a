import type { IDataObject } from 'n8n-workflow';

import { listOf } from '../../../shared/params';
import { text } from '../../../shared/records';
import type { ProductBody } from './body';
import { recordPathsOf } from '../account/categories';
import type { References } from '../account/lists';

/**
 * The compare stage of a product write (Create or Update's Skip Unchanged Products and Dry Run,
 * Import File): a write compared with what the product record shows, on the values the node
 * would send. The rule: each field is compared as the record shows it, and what the record
 * cannot show is not compared (it counts as unchanged): so a field called changed is a real
 * difference between the write and the record, and a second run of the same write is unchanged.
 */

/** What a product holds, as the comparison asks it: a whole record, or its digest (Catalogue). */
export interface Holding {
	/** The field, as text, is exactly `value` (a missing or null field is nothing). */
	is(field: string, value: string): boolean;
	/** The field, as a list, holds every value sent (the PIM adds), or with Overwrite exactly them. */
	holds(field: string, values: string[], overwrite: boolean): boolean;
}

export function recordHolding(record: IDataObject): Holding {
	return {
		is: (field, value) =>
			record[field] !== undefined && record[field] !== null && text(record[field]) === value,
		holds: (field, sent, overwrite) => {
			const old = listOf(record[field], 'exact');
			if (overwrite) return old.length === sent.length && sent.every((v, i) => old[i] === v);
			return sent.every((v) => old.includes(v));
		},
	};
}

/**
 * What a write of `body` would change in the product `held`, field by field, with the value the
 * record would show for it; empty when the record shows every value. Each field as the record
 * shows it:
 * - family: its title (or its code);
 * - an attribute: its text exactly; a multi-select list: every value sent is there (the PIM
 *   adds), with Overwrite exactly the values sent;
 * - categories: their title paths (shownCategories): every path sent is there, with Overwrite
 *   exactly the paths sent; a path that several trees have is equal by its path;
 * - images: the record shows the first image: the write's first image against it, with or without
 *   Overwrite; the others are not compared.
 * Channels are not in product records: they are not compared (they go out with any write, and
 * Assign Channel changes them on their own). A write's other languages (All Languages) are not
 * compared: the record shows the product in one language (upsert.ts compares the write's first).
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
	const categories = shownCategories(body, lists);
	if (categories.length && !holdsCategories(held, categories, overwrite))
		changed.category = categories.map(([path]) => path);
	const [image] = body.images ?? [];
	if (image !== undefined && !held.is('image', image)) changed.image = image;
	return changed;
}

/**
 * The title paths a record would show for the write's categories: per category the paths it may
 * show (one, unless a code without a channel is in several of the product's trees with different
 * paths: the PIM picks the tree). A category the account's lists do not have shows no path: not
 * compared.
 */
function shownCategories(body: ProductBody, lists: References): string[][] {
	const channels = (body.channels ?? []).map((c) => c.code);
	return (body.categories ?? [])
		.map((c) => recordPathsOf(lists, c.code, c.channel, channels))
		.filter((paths) => paths.length > 0);
}

/** The most combinations of a category's possible paths compared with Overwrite. */
const MAX_COMBINATIONS = 64;

/**
 * Whether the record shows the categories: each one's path (any of its possible paths) is there,
 * with Overwrite the list is exactly theirs.
 */
function holdsCategories(held: Holding, categories: string[][], overwrite: boolean): boolean {
	if (categories.every((paths) => paths.length === 1))
		return held.holds(
			'category',
			categories.map(([path]) => path),
			overwrite,
		);
	const combinations = categories.reduce((n, paths) => n * paths.length, 1);
	if (!overwrite || combinations > MAX_COMBINATIONS)
		return categories.every((paths) => paths.some((path) => held.holds('category', [path], false)));
	let lists: string[][] = [[]];
	for (const paths of categories)
		lists = lists.flatMap((list) => paths.map((path) => [...list, path]));
	return lists.some((list) => held.holds('category', list, true));
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
) {
	const changed = changedFields(body, recordHolding(record), lists, overwrite);
	const changes: Record<string, { old: unknown; new: unknown }> = {};
	for (const [field, value] of Object.entries(changed)) {
		const old = record[field];
		const list = field === 'category' || Array.isArray(value);
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
	if (body.categories?.length) {
		const channels = (body.channels ?? []).map((c) => c.code);
		values.category = body.categories.map(
			(c) => recordPathsOf(lists, c.code, c.channel, channels)[0] ?? c.code,
		);
	}
	if (body.images?.length) values.image = body.images;
	for (const { code, value } of body.attributes ?? []) values[code] = value;
	for (const { code, values: list } of body.multiSelectAttributes ?? []) values[code] = list;
	return values;
}
