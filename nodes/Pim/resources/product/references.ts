import type { IDataObject } from 'n8n-workflow';

import type { PimItem } from '../../shared/item';
import { all, then, type Later, type PimRun } from '../../shared/run';
import { fail, ParameterProblem, requiredString } from '../../shared/params';
import { readAll, SOURCES, type ListSource } from '../../shared/reading';
import { categoryChains, categoryName, text } from '../../shared/records';
import type { PimClient } from '../../shared/transport';
import type { CategoryEntry, ProductBody } from './body';
import type { ImportOptions } from './imports';
import { reportOf } from './report';

/**
 * Families, channels and categories as product records and exports name them (titles, title
 * paths, channel names), resolved to the codes writes take; the languages a write names, checked.
 * Each list is read when an item first needs it, once per execution, and shared by every item of
 * the execution. A product write's names are resolved here (resolveNames), as the Assign
 * operations' channel is (assignedChannel).
 */
export type ReferenceKind = 'family' | 'channel' | 'category';

const LABELS: Record<ReferenceKind | 'locale' | 'currency', string> = {
	family: 'families',
	channel: 'channels',
	category: 'categories',
	locale: 'languages',
	currency: 'currencies',
};

/** The account's list of one kind, read once per node execution: every list read here. */
function accountList(
	run: PimRun,
	pim: PimClient,
	kind: ReferenceKind | 'locale' | 'currency',
): Later<IDataObject[]> {
	return run.shared(kind, `the account's ${LABELS[kind]}`, async () =>
		readAll(pim, SOURCES[kind] as ListSource),
	);
}

const lower = (value: unknown) => text(value).trim().toLowerCase();

/** Levenshtein distance, for naming the closest entries of an unknown value. */
function distance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		let previous = row[0];
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const current = row[j];
			row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
			previous = current;
		}
	}
	return row[b.length];
}

/**
 * The few labels near `value` (by its closest name), for an error message: only those a typo
 * away, at most 45 % of the longer text changed ("Clothes" finds "Clothing", "Hoodies" no "Shoes").
 */
function closest<T>(
	value: string,
	candidates: T[],
	names: (c: T) => string[],
	label: (c: T) => string,
) {
	// A path is compared by its last part, with each category's own code and title: `Clothing >
	// Jeanz` finds `Clothing/Pants/Jeans`; a shared parent makes nothing close.
	const last = pathParts(value)?.slice(-1)[0];
	const ratio = (a: string, b: string) =>
		distance(a.toLowerCase(), b.toLowerCase()) / Math.max(a.length, b.length, 1);
	const score = (name: string) =>
		last === undefined ? ratio(value, name) : name.includes('/') ? Infinity : ratio(last, name);
	return candidates
		.map((c) => ({ c, d: Math.min(...names(c).map(score)) }))
		.filter(({ d }) => d <= 0.45)
		.sort((a, b) => a.d - b.d)
		.slice(0, 3)
		.map(({ c }) => label(c))
		.join(', ');
}

/** A value that names nothing of the account: its error takes the fix of where it came from. */
export class UnknownName extends ParameterProblem {}

function unknown(message: string, description: string): never {
	throw new UnknownName(message, description);
}

/**
 * The code exactly, then the title or name (as records show them) ignoring case, then the code
 * ignoring case.
 */
function byCodeOrTitle(records: IDataObject[], value: string, titleKey: string): IDataObject[] {
	const exact = records.filter((r) => text(r.code) === value);
	if (exact.length) return exact;
	const key = value.toLowerCase();
	const titled = records.filter((r) => lower(r[titleKey]) === key);
	if (titled.length) return titled;
	return records.filter((r) => lower(r.code) === key);
}

/** The account's reference lists an item's write needs, read before its turn (see write.ts). */
export interface References {
	families?: IDataObject[];
	channels?: IDataObject[];
	categories?: IDataObject[];
}

/** The lists `needs` names, read once per execution (at once when they are in). */
export function readReferences(
	run: PimRun,
	pim: PimClient,
	needs: Set<ReferenceKind>,
): Later<References> {
	const list = (kind: ReferenceKind) => (needs.has(kind) ? accountList(run, pim, kind) : undefined);
	return then(
		all([list('family'), list('channel'), list('category')]),
		([families, channels, categories]) => ({ families, channels, categories }),
	);
}

/** How a family or a channel is named besides its code, for resolving and for errors. */
interface Named {
	/** The record field people know it by. */
	nameKey: 'title' | 'name';
	noun: 'family' | 'channel';
	plural: 'families' | 'channels';
}
const FAMILY: Named = { nameKey: 'title', noun: 'family', plural: 'families' };
const CHANNEL: Named = { nameKey: 'name', noun: 'channel', plural: 'channels' };

/** A code, or the name people know it by, as its code; `label`: the parameter, for errors. */
function codeOf(records: IDataObject[], value: string, named: Named, label: string) {
	const found = byCodeOrTitle(records, value, named.nameKey);
	if (found.length === 1) return text(found[0].code);
	const show = (r: IDataObject) => `"${text(r[named.nameKey])}" (${text(r.code)})`;
	const word = named.nameKey;
	if (found.length > 1)
		fail(
			`Parameter "${label}": "${value}" is the ${word} of ${found.length} ${named.plural}: ${found.map(show).join(' and ')}`,
			`Give the ${named.noun} code instead.`,
		);
	const near = closest(value, records, (r) => [text(r.code), text(r[named.nameKey])], show);
	return unknown(
		`Parameter "${label}": "${value}" is neither a code nor a ${word} of a ${named.noun} of the account`,
		records.length
			? near
				? `Closest ${named.plural}: ${near}.`
				: `The account's ${named.plural}: ${records.slice(0, 10).map(show).join(', ')}${records.length > 10 ? ', …' : ''}.`
			: `The account has no ${named.plural}.`,
	);
}

/**
 * The names a write's channels go by: for each channel given (through the Channel Map), the code
 * and name of the account's channel, or the value as given when it names none.
 */
export function channelNames(
	channels: IDataObject[],
	given: string[],
	map: (value: string) => string,
): string[][] {
	return given.map((value) => {
		const found = byCodeOrTitle(channels, map(value), CHANNEL.nameKey);
		return found.length === 1 ? [text(found[0].code), text(found[0].name)] : [value, map(value)];
	});
}

/** The account's channels, read once per execution. */
export function accountChannels(run: PimRun, pim: PimClient): Later<IDataObject[]> {
	return accountList(run, pim, 'channel');
}

/** A family code or title (as product records show it) as its code. */
export function familyCode(families: IDataObject[], value: string): string {
	return codeOf(families, value, FAMILY, 'Family');
}

/** A channel code or name as its code. `label`: the parameter, for errors. */
export function channelCode(channels: IDataObject[], value: string, label = 'Channels'): string {
	return codeOf(channels, value, CHANNEL, label);
}

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
	let built = trees.get(categories);
	if (!built) {
		built = buildTree(categories, channels);
		trees.set(categories, built);
	}
	return built;
}

function buildTree(categories: IDataObject[], channels: IDataObject[]): TreeCategory[] {
	const chains = categoryChains(categories);
	const channelById = new Map(channels.map((c) => [text(c.id), text(c.code)]));
	return categories.map((record) => {
		const chain = chains.get(text(record.id)) ?? [record];
		return {
			record,
			path: chain.map(categoryName),
			codes: chain.map((c) => text(c.code)),
			channel: channelById.get(text(record.channel_id)) ?? '',
		};
	});
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
		.every((part, i) => lower(part) === lower(c.path[i]) || lower(part) === lower(c.codes[i]));

export interface ResolvedCategory {
	code: string;
	channel?: string;
}

/**
 * A category given as a code, a title or a title path, as `{code, channel}`: the channel of the
 * tree it was found in goes with it, so a code used in several channels lands where the path
 * says. `channel`: the entry's own Channel (a code); `productChannels`: the write's channels,
 * which decide between trees when the value alone does not. A value that names no category of
 * the account is an error, or with `unknown` 'skip' (Import Options → Unknown Categories)
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
): ResolvedCategory | undefined {
	const all = tree(categories, channels);
	const parts = pathParts(value);
	let found: TreeCategory[];
	let byCode = false;
	if (parts) {
		found = all.filter((c) => partMatches(c, parts));
		// A path that starts with the channel's name or code: the rest is the path in its tree.
		if (!found.length)
			found = all.filter(
				(c) =>
					partMatches(c, parts, 1) &&
					channels.some(
						(ch) =>
							text(ch.code) === c.channel &&
							[lower(ch.code), lower(ch.name)].includes(lower(parts[0])),
					),
			);
	} else {
		// As byCodeOrTitle: the code exactly, the title ignoring case, the code ignoring case.
		found = all.filter((c) => text(c.record.code) === value);
		if (!found.length) found = all.filter((c) => lower(c.record.title) === lower(value));
		if (!found.length) found = all.filter((c) => lower(c.record.code) === lower(value));
		byCode = found.length > 0 && found.every((c) => lower(c.record.code) === lower(value));
	}

	if (channel) {
		const inChannel = found.filter((c) => c.channel === channel);
		if (found.length && !inChannel.length)
			fail(
				`Parameter "${label}": "${value}" is not in the tree of the channel "${channel}"`,
				`It is in: ${found.map((c) => where(c, channels)).join('; ')}.`,
			);
		found = inChannel;
	} else if (new Set(found.map((c) => c.channel)).size > 1 && productChannels.length) {
		const inProduct = found.filter((c) => productChannels.includes(c.channel));
		if (inProduct.length) found = inProduct;
		// The same path in several of the product's channels (product records cannot tell them
		// apart): the tree of the first of those channels in Channels.
		if (new Set(found.map(pathText)).size === 1) {
			const first = productChannels.find((ch) => found.some((c) => c.channel === ch));
			found = found.filter((c) => c.channel === first);
		}
	}

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
	);
	return unknown(
		`Parameter "${label}": "${value}" is neither a code, a title nor a path of a category of the account`,
		all.length ? (near ? `Closest categories: ${near}.` : '') : 'The account has no categories.',
	);
}

/**
 * The title path a product record shows for a category sent as `{code, channel}`, and whether
 * that path names it alone (no other tree has the same path): a comparison can trust it only then.
 */
export function recordPathOf(
	lists: References,
	code: string,
	channel: string | undefined,
): { path?: string; alone: boolean } {
	const all = tree(lists.categories ?? [], lists.channels ?? []);
	const found = all.filter(
		(c) => text(c.record.code) === code && (channel === undefined || c.channel === channel),
	);
	if (found.length !== 1) return { alone: false };
	const path = pathText(found[0]);
	return { path, alone: all.filter((c) => pathText(c) === path).length === 1 };
}

// ---- a product write's names, resolved ----

/** Every language of the write is one of the account's: an error naming it otherwise. */
export function checkLanguages(run: PimRun, pim: PimClient, wanted: string[]): Later<void> {
	return then(accountList(run, pim, 'locale'), (list) => {
		const codes = list.map((l) => text(l.code));
		for (const language of wanted)
			if (!codes.some((c) => c.toLowerCase() === language.toLowerCase()))
				fail(
					`Parameter "Import Options → All Languages": the input has columns in the language "${language}", which the account does not have`,
					`The account's languages: ${codes.join(', ') || 'none'}.`,
				);
	});
}

/** The account's currency codes, read once per execution. */
export function accountCurrencies(run: PimRun, pim: PimClient): Later<string[]> {
	return then(accountList(run, pim, 'currency'), (list) =>
		list.map((c) => text(c.code)).filter(Boolean),
	);
}

/** A body with its names resolved (resolveNames). */
export interface ResolvedNames {
	body: ProductBody;
	lists: References;
	notes: () => IDataObject;
	/** The notes count the run's items with skipped categories. */
	countsRun: boolean;
}

/**
 * Version 2: family, channels and categories as product records and exports name them (titles,
 * title paths, channel names) → codes, with the channel of each category's tree. A category goes
 * through the Import Options' Category Map first; one the account does not have is an error, or
 * with Unknown Categories → Skip is left out and named in the notes. Reads only the lists this
 * body names something from, once per execution (readReferences).
 */
export function resolveNames(
	run: PimRun,
	pim: PimClient,
	body: ProductBody,
	imports: ImportOptions,
	/** Continue On Fail: the run's count of items with skipped categories is not known. */
	alone: boolean,
): Later<ResolvedNames> {
	const channels = body.channels ?? [];
	const categories = body.categories ?? [];
	const needs = new Set<ReferenceKind>();
	if (body.familyCode) needs.add('family');
	if (channels.length || categories.some((c) => c.channel)) needs.add('channel');
	if (categories.length) needs.add('category').add('channel');
	if (!needs.size) return { body, lists: {}, notes: () => ({}), countsRun: false };
	return then(readReferences(run, pim, needs), (lists) =>
		namesResolved(run, body, imports, alone, lists),
	);
}

/** resolveNames with the account's lists in. */
function namesResolved(
	run: PimRun,
	body: ProductBody,
	imports: ImportOptions,
	alone: boolean,
	lists: References,
): ResolvedNames {
	const channels = body.channels ?? [];
	const categories = body.categories ?? [];
	const channelList = lists.channels ?? [];
	// Every problem of the row is found in one run, each with the fix for where it came from.
	const problems: ParameterProblem[] = [];
	const attempt = <T>(resolve: () => T, fix: string): T | undefined => {
		try {
			return resolve();
		} catch (error) {
			// The resolvers raise only ParameterProblems (fail, unknown).
			const problem =
				error instanceof ParameterProblem
					? error
					: new ParameterProblem(String((error as Error)?.message ?? error));
			const hint =
				problem instanceof UnknownName ? [problem.description, fix] : [problem.description];
			problems.push(new ParameterProblem(problem.message, hint.filter(Boolean).join(' ')));
			return undefined;
		}
	};
	const resolvedChannels = channels.flatMap((c) => {
		const code = attempt(
			() => channelCode(channelList, imports.channel(c.code)),
			`Add a line to Import Options → Channel Map from "${c.code}" to one of the account's channels.`,
		);
		return code === undefined ? [] : [{ ...c, code }];
	});
	const productChannels = resolvedChannels.map((c) => c.code);
	const skipped: string[] = [];
	const warnings: string[] = [];
	const resolvedCategories: CategoryEntry[] = [];
	for (const given of categories) {
		const value = imports.category(given.code);
		const fix = `Add a line to Import Options → Category Map from "${given.code}" to one of the account's categories, or set Import Options → Unknown Categories to Skip.`;
		const found = attempt(
			() =>
				findCategory(
					lists.categories ?? [],
					channelList,
					value,
					given.channel
						? channelCode(channelList, imports.channel(given.channel), 'Categories')
						: undefined,
					productChannels,
					'Categories',
					imports.unknownCategories,
				) ?? 'skipped',
			fix,
		);
		if (found === undefined) continue;
		if (found === 'skipped') skipped.push(given.code);
		else {
			resolvedCategories.push(found);
			// The PIM files the product in that tree all the same: say so, it surprises.
			if (found.channel && productChannels.length && !productChannels.includes(found.channel))
				warnings.push(
					`Category "${value}" is in the tree of the channel ${channelLabel(channelList, found.channel)}, which this write does not assign`,
				);
		}
	}
	const family = body.familyCode
		? attempt(
				() => familyCode(lists.families ?? [], imports.family(body.familyCode!)),
				`Add a line to Import Options → Family Map from "${body.familyCode}" to one of the account's families.`,
			)
		: undefined;
	if (problems.length === 1) throw problems[0];
	if (problems.length > 1)
		throw new ParameterProblem(
			problems.map((p) => p.message).join('; '),
			problems
				.map((p) => p.description)
				.filter(Boolean)
				.join(' '),
		);
	const resolved = {
		...body,
		familyCode: family,
		channels: resolvedChannels,
		categories: resolvedCategories,
	};
	const report = reportOf(run);
	if (skipped.length) {
		report.itemsWithSkippedCategories++;
		report.skippedCategories += skipped.length;
	}
	const notes = (): IDataObject => ({
		...(skipped.length ? { skippedCategories: skipped } : {}),
		...(skipped.length && !alone
			? { itemsWithSkippedCategories: report.itemsWithSkippedCategories }
			: {}),
		...(warnings.length ? { warnings } : {}),
	});
	return { body: resolved, lists, notes, countsRun: skipped.length > 0 && !alone };
}

const channelLabel = (channels: IDataObject[], code: string) => {
	const name = text(channels.find((c) => text(c.code) === code)?.name);
	return name && name !== code ? `"${name}" (${code})` : `"${code}"`;
};

/**
 * The channel of an Assign operation (to Channel, to Category). Version 2 also takes the
 * channel's name, and reads the lists of `also` with the channels for the caller to resolve.
 */
export async function assignedChannel(
	item: PimItem,
	pim: PimClient,
	also: ReferenceKind[] = [],
): Promise<{ channel: string; lists?: References }> {
	const given = requiredString(item, 'channelCode', 'Channel');
	if (item.version < 2) return { channel: given };
	const lists = await readReferences(item.run, pim, new Set<ReferenceKind>(['channel', ...also]));
	return { channel: channelCode(lists.channels ?? [], given, 'Channel'), lists };
}
