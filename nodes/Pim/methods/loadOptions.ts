import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { Limiter } from '../shared/limiter';
import { readPage } from '../shared/pagination';
import { pimRequest } from '../shared/transport';
import { categoryPaths, DROPDOWN_CONCURRENCY, DROPDOWN_SETTINGS, readAll, SOURCES, text } from './reading';

/** Dropdowns of codes: value = code, sorted by label. An empty account gives an empty list. */

// One collator for every sort: localeCompare with options builds a new one per comparison, which
// made sorting 10 000 attributes take ~75 ms of a ~100 ms dropdown (bench/RESULTS.md, scenario 3).
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });

function sorted(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => collator.compare(a.name, b.name));
}

function byCode(records: IDataObject[], label: (r: IDataObject) => string, description?: (r: IDataObject) => string) {
	return sorted(
		records
			.filter((r) => text(r.code) !== '')
			.map((r) => ({ name: label(r), value: text(r.code), description: description?.(r) })),
	);
}

const attributeLabel = (r: IDataObject) => `${text(r.title) || text(r.code)}${r.type ? ` (${text(r.type)})` : ''}`;

/** Channel codes of the node's current Channels / Channel parameter, if any. */
function chosenChannels(ctx: ILoadOptionsFunctions): string[] {
	const single = ctx.getCurrentNodeParameter('channelCode') as unknown;
	if (typeof single === 'string' && single && !single.startsWith('=')) return [single];
	const collection = ctx.getCurrentNodeParameter('channels') as IDataObject | undefined;
	const entries = (collection?.channel as IDataObject[] | undefined) ?? [];
	return entries.map((e) => text(e.code)).filter((c) => c && !c.startsWith('='));
}

async function channelByCode(ctx: ILoadOptionsFunctions, code: string): Promise<IDataObject | undefined> {
	return (await readAll(ctx, SOURCES.channel)).find((c) => text(c.code) === code);
}

export async function getFamilies(this: ILoadOptionsFunctions) {
	return byCode(await readAll(this, SOURCES.family), (r) => text(r.title) || text(r.code), (r) => text(r.code));
}

export async function getChannels(this: ILoadOptionsFunctions) {
	return byCode(await readAll(this, SOURCES.channel), (r) => text(r.name) || text(r.code), (r) => text(r.code));
}

export async function getLocales(this: ILoadOptionsFunctions) {
	return byCode(await readAll(this, SOURCES.locale), (r) => `${text(r.name) || text(r.code)} (${text(r.code)})`);
}

export async function getCurrencies(this: ILoadOptionsFunctions) {
	return byCode(await readAll(this, SOURCES.currency), (r) => text(r.code));
}

/** All attributes of the account (for filters). */
export async function getFilterAttributes(this: ILoadOptionsFunctions) {
	return byCode(await readAll(this, SOURCES.attribute), attributeLabel, (r) => text(r.code));
}

/**
 * Attributes for product values: when exactly the channel(s) of the product are chosen, the
 * attributes the first of them can use; otherwise all attributes of the account.
 */
export async function getAttributes(this: ILoadOptionsFunctions) {
	const [channelCode] = chosenChannels(this);
	if (channelCode) {
		const channel = await channelByCode(this, channelCode);
		if (channel) {
			const data = await pimRequest(
				this,
				{ method: 'GET', url: '/api/integration/channel/attribute', qs: { id: text(channel.id) } },
				new Limiter(DROPDOWN_CONCURRENCY),
				DROPDOWN_SETTINGS,
			);
			return byCode(readPage(data).records, attributeLabel, (r) => text(r.code));
		}
	}
	return byCode(await readAll(this, SOURCES.attribute), attributeLabel, (r) => text(r.code));
}

/** Categories labelled with their nested path; limited to the chosen channel when there is one. */
export async function getCategories(this: ILoadOptionsFunctions) {
	const categories = await readAll(this, SOURCES.category);
	const paths = categoryPaths(categories);
	const [channelCode] = chosenChannels(this);
	const channels = await readAll(this, SOURCES.channel);
	const channelName = new Map(channels.map((c) => [text(c.id), text(c.name) || text(c.code)]));
	const onlyChannel = channelCode ? channels.find((c) => text(c.code) === channelCode) : undefined;
	const shown = onlyChannel ? categories.filter((c) => text(c.channel_id) === text(onlyChannel.id)) : categories;
	return byCode(
		shown,
		(r) => {
			const channel = channelName.get(text(r.channel_id));
			return `${paths.get(text(r.id))}${channel && !onlyChannel ? ` (${channel})` : ''}`;
		},
		(r) => text(r.code),
	);
}
