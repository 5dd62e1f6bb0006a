import type { IDataObject } from 'n8n-workflow';

import { fail } from '../../../shared/params';
import { categoryChains, categoryName, fold, text } from '../../../shared/records';
import { closest } from './hints';
import { unknown } from './names';
import type { References } from './lists';
import type { CategoryEntry } from '../engine/body';

/**
 * The account's category trees, one per channel: a category given as a code, a title or a title
 * path (as records and shop exports write it) found in them, with the channel of its tree.
 */

interface TreeCategory {
	record: IDataObject;
	/** Titles (or codes, when a title is missing) from the root down. */
	path: string[];
	/** Codes from the root down. */
	codes: string[];
	channel: string;
}

const trees = new WeakMap<IDataObject[], TreeCategory[]>();

/**
 * Every category with its path and the code of its channel (trees per channel). Built once per
 * list: the lists are shared by the items of a run.
 */
function tree(categories: IDataObject[], channels: IDataObject[]): TreeCategory[] {
	const built = trees.get(categories);
	if (built) return built;
	const chains = categoryChains(categories);
	const channelById = new Map(channels.map((c) => [text(c.id), text(c.code)]));
	const all = categories.map((record) => {
		const chain = chains.get(text(record.id)) ?? [record];
		return {
			record,
			path: chain.map(categoryName),
			codes: chain.map((c) => text(c.code)),
			channel: channelById.get(text(record.channel_id)) ?? '',
		};
	});
	trees.set(categories, all);
	return all;
}

const pathText = (c: TreeCategory) => c.path.join('/');
const where = (c: TreeCategory, channels: IDataObject[]) => {
	const channel = channels.find((ch) => text(ch.code) === c.channel);
	return `${pathText(c)} (${text(channel?.name) || c.channel || 'no channel'})`;
};

/** `Clothing > Tshirts` (shop exports) or `Clothing/Tshirts` (product records) as its parts. */
function pathParts(value: string): string[] | undefined {
	const separator = value.includes('>') ? '>' : value.includes('/') ? '/' : undefined;
	if (!separator) return undefined;
	const parts = value
		.split(separator)
		.map((p) => p.trim())
		.filter(Boolean);
	return parts.length > 1 ? parts : undefined;
}

const partMatches = (c: TreeCategory, parts: string[], offset = 0) =>
	c.path.length === parts.length - offset &&
	parts
		.slice(offset)
		.every((part, i) => fold(part) === fold(c.path[i]) || fold(part) === fold(c.codes[i]));

/**
 * A path's categories: the path from a tree's root; else, for a path that starts with a channel's
 * name or code, the rest of it in that channel's tree.
 */
function byPath(all: TreeCategory[], channels: IDataObject[], parts: string[]): TreeCategory[] {
	const found = all.filter((c) => partMatches(c, parts));
	if (found.length) return found;
	return all.filter(
		(c) =>
			partMatches(c, parts, 1) &&
			channels.some(
				(ch) =>
					text(ch.code) === c.channel && [fold(ch.code), fold(ch.name)].includes(fold(parts[0])),
			),
	);
}

/**
 * The roots other systems write before every category path, and as a category of its own
 * (Magento's `Default Category`, Shopware's `Main`, PrestaShop's `Home`, UnoPim's `root`): where
 * the account has no category of that name, the path is read without it and the bare root is
 * nothing to assign (every product is under it).
 */
const SYSTEM_ROOTS = new Set(['default category', 'root catalog', 'main', 'home', 'root']);

/** Whether `value` is another system's root (SYSTEM_ROOTS) that the account has no category for. */
export function isSystemRoot(categories: IDataObject[], channels: IDataObject[], value: string) {
	return (
		SYSTEM_ROOTS.has(fold(value)) && byCodeOrTitleIn(tree(categories, channels), value).length === 0
	);
}

/** As names.ts's byCodeOrTitle: the code exactly, the title ignoring case, the code ignoring case. */
function byCodeOrTitleIn(all: TreeCategory[], value: string): TreeCategory[] {
	let found = all.filter((c) => text(c.record.code) === value);
	if (!found.length) found = all.filter((c) => fold(c.record.title) === fold(value));
	if (!found.length) found = all.filter((c) => fold(c.record.code) === fold(value));
	return found;
}

/**
 * Categories found in several trees, with no Channel of their own: those in the trees of the
 * product's channels. The same path in several trees (product records cannot tell them apart, and
 * a record shows the path whichever tree holds the product): the tree of the first of the
 * product's channels in Channels that has it; when none of them has it, the first tree in the
 * account's order of channels — the write then warns that the product is filed in a tree of a
 * channel it does not assign (references.ts), as for a path only one tree has. (A file exported
 * from one account and imported with any Channel reads back so.)
 */
function inProductTrees(
	found: TreeCategory[],
	productChannels: string[],
	channels: IDataObject[],
): TreeCategory[] {
	if (new Set(found.map((c) => c.channel)).size <= 1 || !productChannels.length) return found;
	const inProduct = found.filter((c) => productChannels.includes(c.channel));
	const among = inProduct.length ? inProduct : found;
	if (new Set(among.map(pathText)).size !== 1) return among;
	const first =
		productChannels.find((ch) => among.some((c) => c.channel === ch)) ??
		channels.map((ch) => text(ch.code)).find((ch) => among.some((c) => c.channel === ch)) ??
		among[0].channel;
	return among.filter((c) => c.channel === first);
}

/**
 * A category given as a code, a title or a title path, as `{code, channel}`: the channel of the
 * tree it was found in goes with it, so a code used in several channels lands where the path
 * says. `channel`: the entry's own Channel (a code); `productChannels`: the write's channels,
 * which decide between trees when the value alone does not. A value that names no category of
 * the account is an error, or with `onUnknown` 'skip' (Import Options → Unknown Categories)
 * undefined; one that names several, or one outside the entry's channel, is always an error.
 */
export function findCategory(
	categories: IDataObject[],
	channels: IDataObject[],
	value: string,
	channel: string | undefined,
	productChannels: string[],
	label: string,
	onUnknown: 'fail' | 'skip',
): CategoryEntry | undefined {
	const all = tree(categories, channels);
	const parts = pathParts(value);
	let found = parts ? byPath(all, channels, parts) : byCodeOrTitleIn(all, value);
	if (parts && !found.length && isSystemRoot(categories, channels, parts[0]))
		found = byPath(all, channels, parts.slice(1));
	const byCode =
		!parts && found.length > 0 && found.every((c) => fold(c.record.code) === fold(value));
	if (channel) {
		const inChannel = found.filter((c) => c.channel === channel);
		if (found.length && !inChannel.length)
			fail(
				`Parameter "${label}": "${value}" is not in the tree of the channel "${channel}"`,
				`It is in: ${found.map((c) => where(c, channels)).join('; ')}.`,
			);
		found = inChannel;
	} else found = inProductTrees(found, productChannels, channels);

	if (found.length === 1)
		return { code: text(found[0].record.code), channel: found[0].channel || undefined };
	if (found.length > 1) {
		// One code in several trees, none chosen: the PIM decides by the product's channels.
		if (byCode && new Set(found.map((c) => text(c.record.code))).size === 1)
			return { code: text(found[0].record.code), channel };
		fail(
			`Parameter "${label}": "${value}" names ${found.length} categories: ${found.map((c) => where(c, channels)).join(' and ')}`,
			parts
				? "Set the category's Channel, or assign the product to only one of these channels."
				: 'Give its path instead, e.g. "' + pathText(found[0]) + '".',
		);
	}
	if (onUnknown === 'skip') return undefined;
	const near = closest(
		value,
		all,
		(c) => [text(c.record.code), text(c.record.title), pathText(c)],
		(c) => where(c, channels),
		parts?.slice(-1)[0],
	);
	return unknown(
		`Parameter "${label}": "${value}" is neither a code, a title nor a path of a category of the account`,
		all.length ? (near ? `Closest categories: ${near}.` : '') : 'The account has no categories.',
	);
}

/**
 * The title paths a product record may show for a category sent as `{code, channel}`: one, unless
 * the code has no channel and is in several trees (of the product's `channels` when any of them
 * has it) with different paths, where the PIM picks the tree. A path several trees share is one
 * path: a record shows the same text for each.
 */
export function recordPathsOf(
	lists: References,
	code: string,
	channel: string | undefined,
	channels: string[],
): string[] {
	const all = tree(lists.categories ?? [], lists.channels ?? []);
	let found = all.filter(
		(c) => text(c.record.code) === code && (channel === undefined || c.channel === channel),
	);
	const inProduct = found.filter((c) => channels.includes(c.channel));
	if (channel === undefined && inProduct.length) found = inProduct;
	return [...new Set(found.map(pathText))];
}
