/**
 * An account made from a profile file: the structure of a real PIM account (attributes with
 * their types, families, channels with their category trees, locales, currencies), so that an
 * import can be rehearsed against it before it touches the real account. `npm run sandbox --
 * --profile FILE` (and `npm run demo -- --profile FILE`) make the `demo` account from one;
 * examples/data/pim-profile.json shows the format.
 *
 * {
 *   "attributes": [{ "code": "color", "title": "Color", "type": "Multi Select", "options": ["Red"] }],
 *   "families":   [{ "code": "clothing", "title": "Clothing", "attributes": ["name", "color"] }],
 *   "channels":   [{ "code": "web", "name": "Web Store",
 *                    "categories": [{ "code": "shirts", "title": "Shirts", "children": [] }] }],
 *   "locales": ["en_US"], "currencies": ["USD"]
 * }
 */
import { ATTRIBUTE_TYPE_LABELS, type AttributeKind } from './records';
import type { Profile } from './seed';

export interface ProfileFile {
	attributes: Array<{ code: string; title?: string; type?: string; options?: string[] }>;
	families: Array<{ code: string; title?: string; attributes?: string[] }>;
	channels: Array<{ code: string; name?: string; categories?: CategoryNode[] }>;
	locales?: string[];
	currencies?: string[];
}

interface CategoryNode {
	code: string;
	title?: string;
	children?: CategoryNode[];
}

export class ProfileError extends Error {}

const KIND_BY_LABEL = new Map(
	(Object.entries(ATTRIBUTE_TYPE_LABELS) as Array<[AttributeKind, string]>).flatMap(
		([kind, label]) => [
			[label.toLowerCase(), kind],
			[kind, kind],
		],
	),
);

const isObject = (v: unknown): v is Record<string, unknown> =>
	typeof v === 'object' && v !== null && !Array.isArray(v);

function list(value: unknown, where: string): unknown[] {
	if (value === undefined) return [];
	if (!Array.isArray(value)) throw new ProfileError(`${where} must be a list.`);
	return value;
}

function code(value: unknown, where: string): string {
	if (typeof value !== 'string' || !value.trim())
		throw new ProfileError(`${where} needs a "code" (text).`);
	return value.trim();
}

function texts(value: unknown, where: string): string[] {
	return list(value, where).map((v) => {
		if (typeof v !== 'string') throw new ProfileError(`${where} must be a list of texts.`);
		return v;
	});
}

function categories(value: unknown, where: string): Profile['channels'][number]['categories'] {
	return list(value, where).map((node, i) => {
		if (!isObject(node)) throw new ProfileError(`${where}[${i}] must be an object.`);
		const c = code(node.code, `${where}[${i}]`);
		return {
			code: c,
			title: typeof node.title === 'string' ? node.title : c,
			...(node.children !== undefined
				? { children: categories(node.children, `${where}[${i}].children`) }
				: {}),
		};
	});
}

/** A profile file's JSON as the seed's profile; every problem names where it is. */
export function profileFromFile(json: unknown): Profile {
	if (!isObject(json)) throw new ProfileError('A profile must be a JSON object.');
	const attributes = list(json.attributes, 'attributes').map((a, i) => {
		if (!isObject(a)) throw new ProfileError(`attributes[${i}] must be an object.`);
		const c = code(a.code, `attributes[${i}]`);
		const label = String(a.type ?? 'Text Field').toLowerCase();
		const kind = KIND_BY_LABEL.get(label);
		if (!kind)
			throw new ProfileError(
				`attributes[${i}] (${c}): unknown type "${String(a.type)}"; one of ${Object.values(ATTRIBUTE_TYPE_LABELS).join(', ')}.`,
			);
		const options =
			a.options === undefined ? undefined : texts(a.options, `attributes[${i}].options`);
		return {
			code: c,
			title: typeof a.title === 'string' ? a.title : c,
			kind,
			group: 'General',
			builtIn: 0 as const,
			...(options ? { options } : {}),
		};
	});
	const known = new Set(attributes.map((a) => a.code));
	const families = list(json.families, 'families').map((f, i) => {
		if (!isObject(f)) throw new ProfileError(`families[${i}] must be an object.`);
		const c = code(f.code, `families[${i}]`);
		const codes = texts(f.attributes, `families[${i}].attributes`);
		const unknown = codes.filter((a) => !known.has(a));
		if (unknown.length)
			throw new ProfileError(`families[${i}] (${c}): unknown attributes ${unknown.join(', ')}.`);
		const title = typeof f.title === 'string' ? f.title : c;
		return { code: c, title, nouns: [title], extra: [], attributes: codes };
	});
	const channels = list(json.channels, 'channels').map((ch, i) => {
		if (!isObject(ch)) throw new ProfileError(`channels[${i}] must be an object.`);
		const c = code(ch.code, `channels[${i}]`);
		return {
			code: c,
			name: typeof ch.name === 'string' ? ch.name : c,
			attributes: 'all' as const,
			categories: categories(ch.categories, `channels[${i}].categories`),
		};
	});
	const locales = json.locales === undefined ? ['en_US'] : texts(json.locales, 'locales');
	const currencies = json.currencies === undefined ? ['USD'] : texts(json.currencies, 'currencies');
	return {
		user: 'Profile Admin',
		adjectives: ['Sample'],
		attributes,
		families,
		channels,
		locales: locales.map((l) => [l, l, '', 1] as [string, string, string, number]),
		currencies: currencies.map((c) => [c, 1] as [string, number]),
		relations: [],
	};
}
