import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { readAll, SOURCES } from '../shared/reading';
import { categoryPaths, text } from '../shared/records';
import { dropdownClient } from './client';

/** Dropdowns of codes: value = code, sorted by label. An empty account gives an empty list. */

// One collator for every sort: localeCompare with options builds a new one per comparison, which
// made sorting 10 000 attributes take ~75 ms of a ~100 ms dropdown (bench/RESULTS.md, scenario 3).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

function sorted(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => collator.compare(a.name, b.name));
}

function byCode(
	records: IDataObject[],
	label: (r: IDataObject) => string,
	description?: (r: IDataObject) => string,
) {
	return sorted(
		records
			.filter((r) => text(r.code) !== '')
			.map((r) => ({ name: label(r), value: text(r.code), description: description?.(r) })),
	);
}

const attributeLabel = (r: IDataObject) =>
	`${text(r.title) || text(r.code)}${r.type ? ` (${text(r.type)})` : ''}`;
const code = (r: IDataObject) => text(r.code);

export async function getFamilies(this: ILoadOptionsFunctions) {
	return byCode(
		await readAll(dropdownClient(this), SOURCES.family),
		(r) => text(r.title) || text(r.code),
		code,
	);
}

export async function getChannels(this: ILoadOptionsFunctions) {
	return byCode(
		await readAll(dropdownClient(this), SOURCES.channel),
		(r) => text(r.name) || text(r.code),
		code,
	);
}

export async function getLocales(this: ILoadOptionsFunctions) {
	return byCode(
		await readAll(dropdownClient(this), SOURCES.locale),
		(r) => `${text(r.name) || text(r.code)} (${text(r.code)})`,
	);
}

export async function getCurrencies(this: ILoadOptionsFunctions) {
	return byCode(await readAll(dropdownClient(this), SOURCES.currency), code);
}

/** All attributes of the account (for filters). */
export async function getFilterAttributes(this: ILoadOptionsFunctions) {
	return await getAttributes.call(this);
}

/**
 * Every attribute of the account, for product values (version 1's collections): a channel's
 * attribute list does not limit what a product takes, so no channel narrows it.
 */
export async function getAttributes(this: ILoadOptionsFunctions) {
	return byCode(await readAll(dropdownClient(this), SOURCES.attribute), attributeLabel, code);
}

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
