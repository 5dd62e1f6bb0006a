import { fold } from '../../../shared/records';
import { withoutHint } from './hints';
import { amountWith, isNoValue, type Reader } from './values';

/**
 * Each shop's and PIM's own names for the columns its product export writes, as the attributes
 * they mean (node-contract.md, "Exports of other systems"; docs/imports.md has the same table,
 * one row per system). A column is read by its name without the header's hint (`Name *`), folded.
 * It lands in the first attribute of its list the account has (code or title), unless a column
 * names that attribute as it is.
 */

/** Attributes by meaning: the names (codes or titles) an account may give them, in order. */
const NAME = ['name'];
const DESCRIPTION = ['web_description', 'description'];
const SHORT_DESCRIPTION = ['short_description'];
const PRICE = ['price'];
const BRAND = ['brand', 'manufacturer'];
const GTIN = ['gtin', 'ean', 'ean13', 'barcode'];
const QUANTITY = ['qty', 'quantity', 'stock'];
const URL_KEY = ['url_key', 'url key'];
const META_TITLE = ['meta_title', 'meta title'];
const META_KEYWORDS = ['meta_keyword', 'meta_keywords', 'meta keywords'];
const META_DESCRIPTION = ['meta_description'];
const IN_STOCK = ['inStock'];
const COST = ['cost'];

/**
 * A system's column: the attribute it means, and for a price whether it is net or gross (a
 * write holds one price: gross, what a shop shows, wins over net) and its currency.
 */
interface SystemColumn {
	means: string[];
	price?: 'net' | 'gross';
	currency?: string;
}

const col = (means: string[], price?: SystemColumn['price']): SystemColumn => ({ means, price });

/** Per system, its columns (folded, without their hints) → what they mean. */
export const SYSTEM_COLUMNS: Record<string, Record<string, SystemColumn>> = {
	WooCommerce: {
		description: col(DESCRIPTION),
		'short description': col(SHORT_DESCRIPTION),
		'regular price': col(PRICE),
		'in stock?': col(IN_STOCK),
	},
	Shopify: {
		title: col(NAME),
		'body (html)': col(DESCRIPTION),
		'variant price': col(PRICE),
		'variant barcode': col(['upc', ...GTIN]),
		'seo title': col(META_TITLE),
		'seo description': col(META_DESCRIPTION),
	},
	'Magento 2': {
		is_in_stock: col(IN_STOCK),
		qty: col(QUANTITY),
		url_key: col(URL_KEY),
		meta_title: col(META_TITLE),
		meta_keywords: col(META_KEYWORDS),
	},
	PrestaShop: {
		summary: col(SHORT_DESCRIPTION),
		'short description': col(SHORT_DESCRIPTION),
		'price tax excluded': col(PRICE, 'net'),
		'price tax excl.': col(PRICE, 'net'),
		'price tax included': col(PRICE, 'gross'),
		'price tax incl.': col(PRICE, 'gross'),
		// The back office's product list export.
		'price (tax excl.)': col(PRICE, 'net'),
		'price (tax incl.)': col(PRICE, 'gross'),
		manufacturer: col(BRAND),
		'url rewritten': col(URL_KEY),
		'meta title': col(META_TITLE),
		'meta-title': col(META_TITLE),
		'meta keywords': col(META_KEYWORDS),
		'meta-keywords': col(META_KEYWORDS),
		'meta-description': col(META_DESCRIPTION),
		ean13: col(GTIN),
		quantity: col(QUANTITY),
	},
	'Shopware 6': {
		manufacturer_name: col(BRAND),
		stock: col(QUANTITY),
		ean: col(GTIN),
		price_gross: col(PRICE, 'gross'),
		price_net: col(PRICE, 'net'),
	},
	Odoo: {
		'sales price': col(PRICE),
		'quantity on hand': col(QUANTITY),
		cost: col(COST),
		barcode: col(GTIN),
	},
	UnoPim: {
		meta_title: col(META_TITLE),
		meta_keywords: col(META_KEYWORDS),
	},
};

/** Every system's columns in one table (a name two systems share means the same in both). */
const COLUMNS = new Map<string, SystemColumn>(
	Object.values(SYSTEM_COLUMNS).flatMap((columns) => Object.entries(columns)),
);

/** Shopware's `price_net_eur`, `price_gross_usd`: a price with its currency in the name. */
const PRICE_IN = /^price_(net|gross)_([a-z]{3})$/;

function systemColumn(column: string): SystemColumn | undefined {
	const name = fold(withoutHint(column.trim()));
	const known = COLUMNS.get(name);
	if (known) return known;
	const [, price, currency] = PRICE_IN.exec(name) ?? [];
	return price
		? { means: PRICE, price: price as 'net' | 'gross', currency: currency.toUpperCase() }
		: undefined;
}

/**
 * A system's column goes to the attribute it means, if the account has one and no column names
 * it as it is. Several columns meaning one attribute (a price net and gross, in two currencies)
 * with a value: one lands, by this order: the currency of Import Options → Currency (a price in
 * another is reported), gross before net, a currency in the name before none; the others are
 * reported with the one that landed.
 */
export const systemColumns: Reader = (r) => {
	const found = new Map<string, Array<{ column: string; means: SystemColumn }>>();
	for (const column of r.unmatched) {
		if (r.used.has(column)) continue;
		const means = systemColumn(column);
		const attribute = means && means.means.map((n) => r.one(n)).find((a) => a !== undefined);
		if (!means) continue;
		r.used.add(column);
		if (isNoValue(r.row[column])) continue;
		if (!attribute) {
			const names = means.means.map((n) => `"${n}"`).join(' or ');
			const reason = `it means the attribute ${names}, which the account does not have (code or title)`;
			r.notHere.push({ column, kind: 'noAttribute', reason });
			continue;
		}
		if (r.given(attribute.code)) {
			const reason = `a column named as the attribute "${attribute.code}" gives it`;
			r.notHere.push({ column, kind: 'givenElsewhere', reason });
			continue;
		}
		const { currency } = r.scope;
		if (means.currency && currency && means.currency !== currency) {
			const reason = `a price in ${means.currency}; this write's currency is ${currency} (Import Options → Currency)`;
			r.notHere.push({ column, kind: 'currency', reason });
			continue;
		}
		found.set(attribute.code, [...(found.get(attribute.code) ?? []), { column, means }]);
	}
	const rank = ({ means }: { means: SystemColumn }) =>
		(means.price === 'net' ? 2 : 0) + (means.currency ? 0 : 1);
	for (const [code, columns] of found) {
		const [first, ...others] = columns.sort((a, b) => rank(a) - rank(b));
		const attribute = r.byCode(code)!;
		const value = first.means.currency
			? amountWith(r.row[first.column], first.means.currency)
			: r.row[first.column];
		r.write(attribute, first.column, value);
		for (const { column, means } of others) {
			const why =
				first.means.price === 'gross' && means.price === 'net' ? ' (gross: what a shop shows)' : '';
			const reason = `the column "${first.column}" gives the attribute "${code}"${why}`;
			r.notHere.push({ column, kind: 'givenElsewhere', reason });
		}
	}
};
