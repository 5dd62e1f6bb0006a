import { MEANS, type Broken, type Channel } from './channel';
import {
	availability,
	categoryPath,
	plainText,
	plainTextWithoutLinks,
	priceWithCode,
	firstUrl,
	url,
} from './forms';

/**
 * Meta's catalogue fields (feed-rules.md, "Meta": developers.facebook.com/docs/marketing-api
 * /catalog/reference and the catalogue fields page): CSV, TSV or RSS XML.
 */

const AVAILABILITY = [
	'in stock',
	'out of stock',
	'preorder',
	'available for order',
	'discontinued',
] as const;

export const META: Channel = {
	name: 'meta',
	label: 'Meta',
	formats: ['csv', 'tsv', 'xml'],
	idColumn: 'id',
	headerRule: { pattern: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, words: 'lowercase words joined by _' },
	columns: [
		{ header: 'id', from: ['sku'], required: true, max: 100 },
		{
			header: 'title',
			from: MEANS.title,
			form: plainText,
			required: true,
			max: 200,
		},
		{
			header: 'description',
			from: MEANS.description,
			form: plainTextWithoutLinks,
			required: true,
			max: 9999,
		},
		{
			header: 'availability',
			from: MEANS.availability,
			form: (v) => availability(v, AVAILABILITY),
			required: true,
			oneOf: AVAILABILITY,
		},
		{
			header: 'condition',
			from: ['condition'],
			required: true,
			oneOf: ['new', 'refurbished', 'used'],
		},
		{ header: 'price', from: ['price'], form: priceWithCode, required: true },
		{ header: 'sale_price', from: MEANS.salePrice, form: priceWithCode },
		{ header: 'link', from: MEANS.link, form: url, required: true },
		{ header: 'image_link', from: MEANS.image, form: firstUrl, required: true },
		{ header: 'brand', from: MEANS.brand, form: plainText, max: 100 },
		{ header: 'gtin', from: MEANS.gtin },
		{ header: 'mpn', from: ['mpn'], max: 100 },
		{ header: 'product_type', from: MEANS.productType, form: categoryPath, max: 750 },
		{ header: 'color', from: MEANS.color, form: plainText, max: 200 },
		{ header: 'size', from: ['size'], form: plainText, max: 200 },
		{ header: 'material', from: ['material'], form: plainText, max: 200 },
	],
	check: (cell) => {
		const broken: Broken[] = [];
		if (cell('brand') === '' && cell('gtin') === '' && cell('mpn') === '')
			broken.push({
				column: 'brand',
				rule: 'without brand, gtin or mpn',
				detail: 'is empty, and so are gtin and mpn: Meta requires one of them',
			});
		const description = cell('description');
		if (description !== '' && description.toLowerCase() === cell('title').toLowerCase())
			broken.push({
				column: 'description',
				rule: 'with a description the same as the title',
				detail: 'is the same as the title: Meta requires another text',
			});
		return broken;
	},
};
