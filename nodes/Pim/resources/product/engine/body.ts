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

// ---- attribute codes ----

function attributeCode(raw: unknown, label: string): string {
	const code = optionalString(raw);
	if (!code) fail(`Parameter "${label}": every entry needs an attribute code`);
	const problem = attributeCodeProblem(code);
	if (problem) fail(`Parameter "${label}": ${problem}`);
	return code;
}

// ---- the parameters ----

function entries(collection: IDataObject | undefined, key: string): IDataObject[] {
	const list = collection?.[key];
	return Array.isArray(list) ? (list as IDataObject[]) : list ? [list as IDataObject] : [];
}

/** Version 1's Attributes and Multi-Select Attributes collections. */
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
 * Channels entries. Version 1: one code per entry, required. Version 2: an entry may hold
 * several channels (a list or a comma-separated text); an empty one adds none.
 */
function channelEntries(p: BodyParams, version: number): ChannelEntry[] {
	const several = version >= 2;
	return entries(p.channels, 'channel').flatMap((entry) => {
		const status = channelStatus(entry.status, version);
		const completenessStatus = optionalString(entry.completenessStatus);
		if (several)
			return listOf(entry.code, 'flattened').map((code) => ({ code, status, completenessStatus }));
		const code = optionalString(entry.code);
		if (!code) fail('Parameter "Channels": every entry needs a channel code');
		return [{ code, status, completenessStatus }];
	});
}

/** Categories entries, read as channelEntries are (the entry's Channel goes with each). */
function categoryEntries(p: BodyParams, several: boolean): CategoryEntry[] {
	return entries(p.categories, 'category').flatMap((entry) => {
		const channel = optionalString(entry.channel);
		if (several) return listOf(entry.code, 'flattened').map((code) => ({ code, channel }));
		const code = optionalString(entry.code);
		if (!code) fail('Parameter "Categories": every entry needs a category code');
		return [{ code, channel }];
	});
}

const HTTP_URL = /^https?:\/\/[^\s][^\r\n\t]*$/i;

/** The Images parameter (`raw`), checked; `imageBaseUrl` joins relative paths (version 2). */
export function productImages(raw: unknown, several: boolean, imageBaseUrl?: string): string[] {
	const given = listOf(raw, several ? 'flattened' : 'asGiven');
	// A relative path is joined to Image Base URL; a full URL stays as it is.
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
 * the resolve stage. Version 2 reads lists and comma-separated texts in Channels, Categories and
 * Images, and sends nothing for an empty or null value; version 1 reads one value per entry, each
 * required.
 */
export function productBody(
	p: BodyParams,
	mode: 'create' | 'update',
	version: number,
	/** Version 2's Import Options → Image Base URL: a relative image path is joined to it. */
	imageBaseUrl?: string,
): ProductBody {
	const several = version >= 2;
	const sku = required(p.sku, 'SKU');
	const languageCode = required(p.languageCode, 'Language');
	const updateFields = mode === 'update' ? (p.updateFields ?? {}) : {};
	const familyCode =
		mode === 'create' ? required(p.familyCode, 'Family') : optionalString(updateFields.familyCode);

	const channels = channelEntries(p, version);
	if (mode === 'create' && channels.length === 0) {
		fail(
			'Parameter "Channels" needs at least one channel',
			'A new product must be assigned to a channel.',
		);
	}
	const categories = categoryEntries(p, several);
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
