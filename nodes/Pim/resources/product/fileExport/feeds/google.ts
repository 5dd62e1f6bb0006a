import { MEANS, type Broken, type Channel } from './channel';
import {
	availability,
	categoryPath,
	googleHtml,
	googleWeight,
	plainText,
	priceWithCode,
	slashList,
	url,
	firstUrl,
} from './forms';

/**
 * Google Merchant Center's product data (feed-rules.md, "Google Merchant Center": support.google.com
 * /merchants/answer/7052112 and one page per attribute): a tab-delimited text feed or RSS 2.0 XML
 * with the `g:` namespace.
 */

const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;

export const GOOGLE: Channel = {
	name: 'googleMerchantCenter',
	label: 'Google Merchant Center',
	formats: ['tsv', 'xml'],
	idColumn: 'id',
	headerRule: { pattern: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, words: 'lowercase words joined by _' },
	columns: [
		{ header: 'id', from: ['sku'], required: true, max: 50 },
		{
			header: 'title',
			from: MEANS.title,
			form: plainText,
			required: true,
			max: 150,
		},
		{
			header: 'description',
			from: MEANS.description,
			form: googleHtml,
			required: true,
			cut: 5000,
		},
		{ header: 'link', from: MEANS.link, form: url, required: true, max: 2000 },
		{
			header: 'image_link',
			from: MEANS.image,
			form: firstUrl,
			required: true,
			max: 2000,
		},
		{
			header: 'availability',
			from: MEANS.availability,
			form: (v) => availability(v, AVAILABILITY),
			required: true,
			oneOf: AVAILABILITY,
		},
		{ header: 'availability_date', from: ['availabilityDate'] },
		{ header: 'price', from: ['price'], form: priceWithCode, required: true },
		{ header: 'sale_price', from: MEANS.salePrice, form: priceWithCode },
		{ header: 'condition', from: ['condition'], oneOf: ['new', 'refurbished', 'used'] },
		{ header: 'brand', from: MEANS.brand, form: plainText, max: 70 },
		{ header: 'gtin', from: MEANS.gtin, max: 50 },
		{ header: 'mpn', from: ['mpn'], max: 70 },
		{ header: 'product_type', from: MEANS.productType, form: categoryPath, max: 750 },
		{ header: 'color', from: MEANS.color, form: slashList, max: 100 },
		{ header: 'size', from: ['size'], form: plainText, max: 100 },
		{ header: 'material', from: ['material'], form: plainText, max: 200 },
		{ header: 'shipping_weight', from: ['shippingWeight', 'weight'], form: googleWeight },
	],
	check: (cell) => {
		const availability = cell('availability');
		return (availability === 'preorder' || availability === 'backorder') &&
			cell('availability_date') === ''
			? [
					{
						column: 'availability_date',
						rule: `${availability} without availability_date`,
						detail: `is empty: Google requires it for availability ${availability}`,
					},
				]
			: NOTHING;
	},
};

const NOTHING: Broken[] = [];
