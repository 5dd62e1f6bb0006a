import type { IDataObject } from 'n8n-workflow';

import { fail, ParameterProblem } from '../../../shared/params';
import { fold, text } from '../../../shared/records';
import { closest } from './hints';

/**
 * Families and channels as product records and exports name them (a title, a channel's name),
 * as the codes writes take. A value that names none is an UnknownName, whose hint the caller
 * completes with its fix.
 */

/** A value that names nothing of the account: its error takes the fix of where it came from. */
export class UnknownName extends ParameterProblem {}

export function unknown(message: string, description: string): never {
	throw new UnknownName(message, description);
}

/**
 * The code exactly, then the title or name (as records show them) ignoring case, then the code
 * ignoring case. Found once per list and value: every row of a file names its family and channels.
 */
export function byCodeOrTitle(
	records: IDataObject[],
	value: string,
	titleKey: string,
): IDataObject[] {
	let byValue = FOUND.get(records)?.get(titleKey);
	if (!byValue) {
		const byTitle = FOUND.get(records) ?? new Map<string, Map<string, IDataObject[]>>();
		FOUND.set(records, byTitle);
		byTitle.set(titleKey, (byValue = new Map()));
	}
	let found = byValue.get(value);
	if (!found) {
		found = findByCodeOrTitle(records, value, titleKey);
		if (byValue.size < MAX_KEPT_NAMES) byValue.set(value, found);
	}
	return found;
}

/** A list's records found by each value (byCodeOrTitle), by the key of their titles. */
const FOUND = new WeakMap<IDataObject[], Map<string, Map<string, IDataObject[]>>>();
/** Past this many different values of one list, values are looked up without being kept. */
const MAX_KEPT_NAMES = 10_000;

function findByCodeOrTitle(records: IDataObject[], value: string, titleKey: string): IDataObject[] {
	const exact = records.filter((r) => text(r.code) === value);
	if (exact.length) return exact;
	const key = value.toLowerCase();
	const titled = records.filter((r) => fold(r[titleKey]) === key);
	if (titled.length) return titled;
	return records.filter((r) => fold(r.code) === key);
}

/** How a family or a channel is named besides its code (`nameKey`: the field people know). */
const FAMILY = { nameKey: 'title', noun: 'family', plural: 'families' } as const;
const CHANNEL = { nameKey: 'name', noun: 'channel', plural: 'channels' } as const;
type Named = typeof FAMILY | typeof CHANNEL;

/** A code, or the name people know it by, as its code; `label`: the parameter, for errors. */
function codeOf(records: IDataObject[], value: string, named: Named, label: string) {
	const found = byCodeOrTitle(records, value, named.nameKey);
	if (found.length === 1) return text(found[0].code);
	const show = (r: IDataObject) => `"${text(r[named.nameKey])}" (${text(r.code)})`;
	if (found.length > 1)
		fail(
			`Parameter "${label}": "${value}" is the ${named.nameKey} of ${found.length} ${named.plural}: ${found.map(show).join(' and ')}`,
			`Give the ${named.noun} code instead.`,
		);
	const near = closest(value, records, (r) => [text(r.code), text(r[named.nameKey])], show);
	return unknown(
		`Parameter "${label}": "${value}" is neither a code nor a ${named.nameKey} of a ${named.noun} of the account`,
		records.length
			? near
				? `Closest ${named.plural}: ${near}.`
				: `The account's ${named.plural}: ${records.slice(0, 10).map(show).join(', ')}${records.length > 10 ? ', …' : ''}.`
			: `The account has no ${named.plural}.`,
	);
}

/** A family code or title (as product records show it) as its code. */
export function familyCode(families: IDataObject[], value: string): string {
	return codeOf(families, value, FAMILY, 'Family');
}

/** A channel code or name as its code. `label`: the parameter, for errors. */
export function channelCode(channels: IDataObject[], value: string, label = 'Channels'): string {
	return codeOf(channels, value, CHANNEL, label);
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

export const channelLabel = (channels: IDataObject[], code: string) => {
	const name = text(channels.find((c) => text(c.code) === code)?.name);
	return name && name !== code ? `"${name}" (${code})` : `"${code}"`;
};
