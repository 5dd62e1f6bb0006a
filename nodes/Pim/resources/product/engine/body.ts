import type { IDataObject } from 'n8n-workflow';

import { fail, listOf, optionalString, required, yesNo } from '../../../shared/params';
import { formValue, type FormValue } from '../../../shared/serializer';
import { attributeCodeProblem } from '../../../shared/attributes';

/**
 * A product write's body, made from the row's parameters and checked (productBody). Names in the
 * body are as the user gave them; in version 2 family, channels and categories may be titles or
 * paths, which the resolve stage (references.ts) turns into codes.
 */

/** The parameters a product write's body is made from, as the row stage read them (read.ts). */
export interface BodyParams {
	sku: unknown;
	languageCode: unknown;
	/** Import File's Language Column gave `languageCode`: the Language parameter's value. */
	languageParameter?: unknown;
	familyCode: unknown;
	updateFields: IDataObject;
	channels: IDataObject;
	categories: IDataObject;
	images: unknown;
	/** Version 1's Attributes and Multi-Select Attributes collections. */
	attributes?: IDataObject;
	multiSelectAttributes?: IDataObject;
}

export interface ChannelEntry {
	code: string;
	status?: boolean;
	completenessStatus?: string;
}

export interface CategoryEntry {
	code: string;
	channel?: string;
}

/**
 * Attribute values of a product write, as the form sends them (text: a yes/no is `1`/`0`): plain
 * ones, and multi-select ones (lists, see MultiSelectForm).
 */
export interface AttributeValues {
	attributes: Array<{ code: string; value: string }>;
	multiSelectAttributes: Array<{ code: string; values: string[] }>;
}

export interface ProductBody extends Partial<AttributeValues> {
	sku: string;
	familyCode?: string;
	languageCode: string;
	isDataOverwrite?: boolean;
	channels?: ChannelEntry[];
	categories?: CategoryEntry[];
	images?: string[];
}

function attributeCode(raw: unknown, label: string): string {
	const code = optionalString(raw);
	if (!code) fail(`Parameter "${label}": every entry needs an attribute code`);
	const problem = attributeCodeProblem(code);
	if (problem) fail(`Parameter "${label}": ${problem}`);
	return code;
}

function entries(collection: IDataObject | undefined, key: string): IDataObject[] {
	const list = collection?.[key];
	return Array.isArray(list) ? (list as IDataObject[]) : list ? [list as IDataObject] : [];
}

function collectionAttributes(p: BodyParams): AttributeValues {
	return {
		attributes: entries(p.attributes, 'attribute').map((entry) => ({
			code: attributeCode(entry.code, 'Attributes'),
			value: formValue((entry.value ?? '') as FormValue),
		})),
		multiSelectAttributes: entries(p.multiSelectAttributes, 'attribute').map((entry) => ({
			code: attributeCode(entry.code, 'Multi-Select Attributes'),
			values: listOf(entry.values),
		})),
	};
}

/**
 * A channel entry's Active: version 2 reads the words exports write (yesNo); version 1 keeps its
 * own rule, so saved version-1 workflows do not change (true, 1 or '1' is active).
 */
function channelStatus(raw: unknown, version: number): boolean | undefined {
	if (version >= 2) return yesNo(raw, 'Parameter "Channels → Active"');
	return raw === undefined ? undefined : raw === true || raw === 1 || raw === '1';
}

/**
 * Channels or Categories entries. Version 1: one code per entry, required. Version 2: an entry may
 * hold several (a list or a comma-separated text); an empty one adds none. `withCode` reads the
 * entry's other fields once, then makes one entry per code.
 */
function codedEntries<T>(
	collection: IDataObject | undefined,
	key: 'channel' | 'category',
	label: string,
	several: boolean,
	withCode: (entry: IDataObject) => (code: string) => T,
): T[] {
	return entries(collection, key).flatMap((entry) => {
		const make = withCode(entry);
		if (several) return listOf(entry.code, 'flattened').map((code) => make(code));
		const code = optionalString(entry.code);
		if (!code) fail(`Parameter "${label}": every entry needs a ${key} code`);
		return [make(code)];
	});
}

const HTTP_URL = /^https?:\/\/[^\s][^\r\n\t]*$/i;

/** The Images parameter (`raw`), checked; `imageBaseUrl` joins relative paths (version 2). */
export function productImages(raw: unknown, several: boolean, imageBaseUrl?: string): string[] {
	const given = listOf(raw, several ? 'flattened' : 'asGiven');
	const joined = (base: string, image: string) => {
		if (HTTP_URL.test(image)) return image;
		if (!HTTP_URL.test(base))
			fail(`Parameter "Import Options → Image Base URL": "${base}" is not an http(s) URL`);
		return `${base.replace(/\/+$/, '')}/${image.replace(/^\/+/, '')}`;
	};
	const images = imageBaseUrl ? given.map((image) => joined(imageBaseUrl, image)) : given;
	for (const image of images) {
		// The real service's own file URLs contain raw spaces: only line breaks and tabs are refused.
		if (!HTTP_URL.test(image))
			fail(
				`Parameter "Images": "${image}" is not an http(s) URL`,
				several && !imageBaseUrl
					? 'A relative path (as Akeneo exports media) needs Import Options → Image Base URL.'
					: undefined,
			);
	}
	return images;
}

/**
 * The product fields of Create, Update and Create or Update, checked. Version 1 takes its
 * attribute values from its collections; version 2's come from the mapper (mapping.ts), joined in
 * the resolve stage, and it sends nothing for an empty or null value.
 */
export function productBody(
	p: BodyParams,
	mode: 'create' | 'update',
	version: number,
	imageBaseUrl?: string,
): ProductBody {
	const several = version >= 2;
	const sku = required(p.sku, 'SKU');
	const languageCode = required(p.languageCode, 'Language');
	const updateFields = mode === 'update' ? (p.updateFields ?? {}) : {};
	const familyCode =
		mode === 'create' ? required(p.familyCode, 'Family') : optionalString(updateFields.familyCode);

	const channels = codedEntries(p.channels, 'channel', 'Channels', several, (entry) => {
		const status = channelStatus(entry.status, version);
		const completenessStatus = optionalString(entry.completenessStatus);
		return (code): ChannelEntry => ({ code, status, completenessStatus });
	});
	if (mode === 'create' && channels.length === 0) {
		fail(
			'Parameter "Channels" needs at least one channel',
			'A new product must be assigned to a channel.',
		);
	}
	const categories = codedEntries(p.categories, 'category', 'Categories', several, (entry) => {
		const channel = optionalString(entry.channel);
		return (code): CategoryEntry => ({ code, channel });
	});
	const { attributes, multiSelectAttributes } = several
		? { attributes: [], multiSelectAttributes: [] }
		: collectionAttributes(p);
	const images = productImages(p.images, several, imageBaseUrl);

	const overwrite = updateFields.isDataOverwrite;
	return {
		sku,
		familyCode,
		languageCode,
		isDataOverwrite: mode === 'update' && overwrite !== undefined ? overwrite === true : undefined,
		channels,
		categories,
		attributes,
		multiSelectAttributes,
		images,
	};
}
