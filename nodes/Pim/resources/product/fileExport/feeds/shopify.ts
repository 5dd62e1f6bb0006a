import { MEANS, type Channel } from './channel';
import {
	categoryPath,
	grams,
	handle,
	plainText,
	priceAmount,
	published,
	shopifyStatus,
	firstUrl,
} from './forms';

/**
 * Shopify's product CSV (feed-rules.md, "Shopify product CSV": help.shopify.com/en/manual
 * /products/import-export/using-csv and Shopify's product template): one line per product, as the
 * template writes a product without options (`Option1 Name` `Title`, `Option1 Value` `Default
 * Title`). The PIM's category path goes to `Type` (the shop's own label): `Product Category` takes
 * Shopify's taxonomy only.
 */

export const SHOPIFY: Channel = {
	name: 'shopify',
	label: 'Shopify',
	formats: ['csv'],
	idColumn: 'Handle',
	columns: [
		{ header: 'Handle', from: ['handle', 'slug', 'sku'], form: handle, required: true },
		{ header: 'Title', from: MEANS.title, form: plainText, required: true },
		{
			header: 'Body (HTML)',
			from: ['bodyHtml', 'description', 'webDescription', 'longDescription'],
		},
		{ header: 'Vendor', from: ['vendor', 'brand', 'manufacturer'], form: plainText },
		{ header: 'Type', from: ['type', 'productType', 'categories'], form: categoryPath },
		{ header: 'Tags', from: ['tags'] },
		{
			header: 'Published',
			from: ['published', 'status'],
			form: published,
			oneOf: ['TRUE', 'FALSE'],
		},
		{ header: 'Option1 Name', value: 'Title' },
		{ header: 'Option1 Value', value: 'Default Title' },
		{ header: 'Variant SKU', from: ['sku'] },
		{ header: 'Variant Grams', from: ['grams', 'weight'], form: grams },
		{ header: 'Variant Price', from: ['price'], form: priceAmount },
		{ header: 'Variant Compare At Price', from: ['compareAtPrice', 'msrp'], form: priceAmount },
		{ header: 'Variant Barcode', from: ['barcode', 'gtin', 'upc', 'ean'] },
		{ header: 'Image Src', from: ['imageSrc', 'image'], form: firstUrl },
		{ header: 'SEO Title', from: ['seoTitle', 'metaTitle'], form: plainText },
		{ header: 'SEO Description', from: ['seoDescription', 'metaDescription'], form: plainText },
		{
			header: 'Status',
			from: ['status'],
			form: shopifyStatus,
			oneOf: ['active', 'draft', 'archived'],
		},
	],
	check: (cell) =>
		cell('Vendor') !== '' && [...cell('Vendor')].length < 2
			? [
					{
						column: 'Vendor',
						rule: 'with a Vendor under 2 characters',
						detail: 'has under 2 characters: Shopify requires at least 2',
					},
				]
			: [],
};
