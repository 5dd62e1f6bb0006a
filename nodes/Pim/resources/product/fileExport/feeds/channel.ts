import type { FormContext, Formed } from './forms';

/**
 * What a channel's table says (google.ts, meta.ts, shopify.ts: one table per channel, the rules
 * of feed-rules.md with their sources): its columns in the file's order, where each is filled
 * from by meaning, the form its values take, and the rules a product must keep.
 */

export type FeedName = 'googleMerchantCenter' | 'meta' | 'shopify';

/** A file format a feed may be written in (fileExport/formats.ts). */
export type FeedFormat = 'csv' | 'tsv' | 'xml';

export interface ChannelColumn {
	header: string;
	/**
	 * Where the column is filled from, by meaning: a record's own field (`sku`, `slug`, `image`,
	 * `categories`, `url`, `status`, `family`) or an attribute whose code or title is one of these
	 * words (compared in any case, without spaces or marks). Every one the account has is read, in
	 * this order: a product's cell is the first that holds a value.
	 */
	from?: readonly string[];
	/** A constant written in every product's cell (Shopify's `Option1 Name` = `Title`). */
	value?: string;
	/** The value in the channel's form, or why it cannot be. */
	form?: (value: unknown, context: FormContext) => Formed;
	/** Every product needs a value: the column is written even when nothing in the account fills it. */
	required?: boolean;
	/** The most characters the channel takes. */
	max?: number;
	/** The channel cuts a longer value to this many characters itself: the feed cuts it so, and warns. */
	cut?: number;
	/** The only words the channel takes. */
	oneOf?: readonly string[];
}

/**
 * A rule a product broke: the column it names, the rule as the notice counts it, and what the
 * problem says after the column's name (a function when it quotes the value: made only for the
 * products the summary lists).
 */
export interface Broken {
	column: string;
	rule: string;
	detail: string | (() => string);
}

export interface Channel {
	name: FeedName;
	/** As the channel calls itself in errors and the notice. */
	label: string;
	/** The formats it takes, the default first. */
	formats: readonly FeedFormat[];
	columns: readonly ChannelColumn[];
	/** The column whose value must be unique per product (a later product with the same one is invalid). */
	idColumn: string;
	/** How the channel names columns, if it has a rule for the names a user adds. */
	headerRule?: { pattern: RegExp; words: string };
	/** Rules over several cells of one product; `cell` gives a column's final value ('' when absent). */
	check?: (cell: (header: string) => string) => Broken[];
}

/**
 * What a column means, as the words an attribute's code or title uses for it (ChannelColumn's
 * `from`): the ones several channels share, said once.
 */
export const MEANS = {
	title: ['title', 'name', 'productName'],
	description: [
		'description',
		'webDescription',
		'longDescription',
		'shortDescription',
		'metaDescription',
	],
	link: ['link', 'url', 'productUrl'],
	image: ['imageLink', 'image'],
	availability: ['availability', 'inStock', 'stock', 'stockStatus'],
	salePrice: ['salePrice', 'specialPrice'],
	brand: ['brand', 'manufacturer', 'vendor'],
	gtin: ['gtin', 'upc', 'ean', 'barcode', 'isbn', 'jan'],
	productType: ['productType', 'categories'],
	color: ['color', 'colour'],
} as const;
