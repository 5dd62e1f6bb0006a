import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { readAll, SOURCES, type ListSource } from '../shared/reading';
import { categoryPaths, text } from '../shared/records';
import { dropdownClient } from './client';

/** Dropdowns of codes: value = code, sorted by label. An empty account gives an empty list. */

// One collator for every sort: localeCompare with options builds a new one per comparison, which
// made sorting 10 000 attributes take ~75 ms of a ~100 ms dropdown (bench/RESULTS.md, scenario 3).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

function sorted(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => collator.compare(a.name, b.name));
}

type Label = (r: IDataObject) => string;

function byCode(records: IDataObject[], label: Label, description?: Label) {
	return sorted(
		records
			.filter((r) => text(r.code) !== '')
			.map((r) => ({ name: label(r), value: text(r.code), description: description?.(r) })),
	);
}

const attributeLabel: Label = (r) =>
	`${text(r.title) || text(r.code)}${r.type ? ` (${text(r.type)})` : ''}`;
const code: Label = (r) => text(r.code);

/** The dropdown of one list of the account, by `byCode`. */
function dropdownOf(source: ListSource, label: Label, description?: Label) {
	return async function (this: ILoadOptionsFunctions) {
		return byCode(await readAll(dropdownClient(this), source), label, description);
	};
}

export const getFamilies = dropdownOf(SOURCES.family, (r) => text(r.title) || text(r.code), code);
export const getChannels = dropdownOf(SOURCES.channel, (r) => text(r.name) || text(r.code), code);
export const getLocales = dropdownOf(
	SOURCES.locale,
	(r) => `${text(r.name) || text(r.code)} (${text(r.code)})`,
);
export const getCurrencies = dropdownOf(SOURCES.currency, code);

/**
 * Every attribute of the account, for product values (version 1's collections) and filters: a
 * channel's attribute list does not limit what a product takes, so no channel narrows it.
 */
export const getFilterAttributes = dropdownOf(SOURCES.attribute, attributeLabel, code);
export const getAttributes = getFilterAttributes;

/**
 * Categories labelled with their nested path and channel. The list depends on no other
 * parameter: n8n's editor evaluates a dependency's expression without input data and fails the
 * whole dropdown when it is one (e.g. Channel = {{ $json.channel }}).
 */
export async function getCategories(this: ILoadOptionsFunctions) {
	const pim = dropdownClient(this);
	const [categories, channels] = await Promise.all([
		readAll(pim, SOURCES.category),
		readAll(pim, SOURCES.channel),
	]);
	const paths = categoryPaths(categories);
	const channelName = new Map(channels.map((c) => [text(c.id), text(c.name) || text(c.code)]));
	return byCode(
		categories,
		(r) => {
			const channel = channelName.get(text(r.channel_id));
			return `${paths.get(text(r.id))}${channel ? ` (${channel})` : ''}`;
		},
		code,
	);
}

/** What a column of Export File holds: the record's own columns first, then every attribute. */
export async function getExportSources(this: ILoadOptionsFunctions) {
	const own: INodePropertyOptions[] = [
		{ name: 'SKU', value: 'sku' },
		{ name: 'Family (Its Title)', value: 'family' },
		{ name: 'Categories (Title Paths)', value: 'categories' },
		{ name: 'Image (The First Image URL)', value: 'image' },
	];
	return [...own, ...(await getAttributes.call(this))];
}
